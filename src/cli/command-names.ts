/** How the user runs each command, for usage lines and the examples the commands print. */
export type CommandNames = {
  /** Starts the mock gateway: `npx ask-user-kit gateway`. */
  gateway: string;
  /** The gateway's usage line, after `usage: `. */
  gatewayUsage: string;
  /** Asks a question, followed by the file: `npx ask-user-kit ask`. */
  ask: string;
  /** An `ask_user` input file for the examples. */
  exampleFile: string;
};

/** The names of the package's bin. */
export const BIN_COMMANDS: CommandNames = {
  gateway: "npx ask-user-kit gateway",
  gatewayUsage: "npx ask-user-kit gateway [--port N] [--host ADDRESS] [--allowed-origin URL ...]",
  ask: "npx ask-user-kit ask",
  exampleFile: "question.json",
};
