/**
 * `npm run ask -- <file.json> [--gateway URL] [--session KEY] [--agent ID] [--run ID]`, with the
 * shared token in ASK_USER_KIT_TOKEN: the same command as the package's `npx ask-user-kit ask`.
 */
import { runAskCommand } from "../src/cli/ask-command";
import { NPM_SCRIPT_COMMANDS } from "./command-names";

await runAskCommand(process.argv.slice(2), NPM_SCRIPT_COMMANDS);
