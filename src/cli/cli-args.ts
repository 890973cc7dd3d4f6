import { type ParseArgsConfig, parseArgs } from "node:util";

const EXIT_USAGE = 2;

/**
 * `parseArgs` for the commands: `--help` prints the usage and exits 0; an unknown or malformed
 * option prints one line naming it, then the usage, and exits 2 (instead of a stack trace).
 */
export function parseCliArgs<T extends ParseArgsConfig>(
  config: T,
  usage: string,
  args: string[] = process.argv.slice(2),
) {
  if (args.some((arg) => arg === "--help" || arg === "-h")) {
    console.log(usage);
    process.exit(0);
  }
  try {
    return parseArgs({ ...config, args });
  } catch (error) {
    // A stray argument is not echoed: it may be a token typed without `--token`.
    const stray =
      error instanceof Error &&
      "code" in error &&
      error.code === "ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL";
    const message = stray
      ? "Unexpected argument (this command takes options only)"
      : error instanceof Error
        ? error.message.split(". ")[0]
        : String(error);
    console.error(`${message}.\n${usage}`);
    process.exit(EXIT_USAGE);
  }
}
