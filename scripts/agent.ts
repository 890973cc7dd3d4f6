/**
 * `npm run test:agent`: real agent turns. Installs the real OpenClaw gateway on first use, starts
 * it with the scripted model as its provider, and checks that what the agent receives is exactly
 * the kit's own `toAskUserResult` of the final record (direct `ask_user` and Tool Search).
 */
import { runMain } from "./run-main";
import { runGatewaySuite } from "./vitest-suite";

runMain(() => runGatewaySuite("test/agent/vitest.config.ts", "Agent turns", process.argv.slice(2)));
