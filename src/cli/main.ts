#!/usr/bin/env node
/**
 * The package's bin: `npx ask-user-kit gateway` starts the mock gateway, `npx ask-user-kit ask
 * <file.json> --gateway URL` asks a question on any protocol-4 gateway.
 */
import { BIN_COMMANDS } from "./command-names";
import { tokenUsageLines } from "./shared-token";

const EXIT_USAGE = 2;
const EXIT_FAILURE = 1;

const USAGE = [
  "usage: npx ask-user-kit <command> [options]",
  "  gateway                        the mock protocol-4 gateway on loopback until Ctrl+C",
  "  ask <file.json> --gateway URL  asks an ask_user input and prints the outcome",
  ...tokenUsageLines("The gateway's shared token is"),
  "  `npx ask-user-kit <command> --help` shows a command's options.",
].join("\n");

/** The commands load the mock gateway and the Node socket factory, which need `ws`. */
function isMissingWs(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const notFound =
    "code" in error && (error.code === "ERR_MODULE_NOT_FOUND" || error.code === "MODULE_NOT_FOUND");
  return (notFound && /['"]ws['"]/.test(error.message)) || isMissingWs(error.cause);
}

async function run(command: string | undefined, args: string[]): Promise<void> {
  switch (command) {
    case "gateway": {
      const { runGatewayCommand } = await import("./gateway-command");
      return runGatewayCommand(args, BIN_COMMANDS);
    }
    case "ask": {
      const { runAskCommand } = await import("./ask-command");
      return runAskCommand(args, BIN_COMMANDS);
    }
    case undefined:
    case "help":
    case "--help":
    case "-h":
      console.log(USAGE);
      return;
    default:
      // The word is not echoed: it may be a token typed in the wrong place.
      console.error(`Unknown command (the commands are gateway and ask).\n${USAGE}`);
      process.exit(EXIT_USAGE);
  }
}

const [command, ...args] = process.argv.slice(2);
try {
  await run(command, args);
} catch (error) {
  if (!isMissingWs(error)) throw error;
  console.error("This command needs the ws package next to ask-user-kit: npm install ws");
  process.exit(EXIT_FAILURE);
}
