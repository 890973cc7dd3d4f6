import type { CommandNames } from "../src/cli/command-names";

/** The commands as this repository's npm scripts name them. */
export const NPM_SCRIPT_COMMANDS: CommandNames = {
  gateway: "npm run gateway",
  gatewayUsage: "npm run gateway [-- --port N] [--host ADDRESS] [--allowed-origin URL ...]",
  ask: "npm run ask --",
  exampleFile: "scripts/examples/deploy.json",
};
