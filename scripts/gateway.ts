/**
 * `npm run gateway [-- --port N --host H]`: the mock protocol-4 gateway until Ctrl+C, the same
 * command as the package's `npx ask-user-kit gateway`.
 */
import { runGatewayCommand } from "../src/cli/gateway-command";
import { NPM_SCRIPT_COMMANDS } from "./command-names";

await runGatewayCommand(process.argv.slice(2), NPM_SCRIPT_COMMANDS);
