// The argument rules live with the package's bin, so the scripts and the bin answer alike.
export { parseCliArgs } from "../src/cli/cli-args";
