// The token rules live with the package's bin, which reads the same variables as these scripts.
export {
  readSharedToken,
  TOKEN_FLAG_USAGE,
  TOKEN_FLAG_WARNING,
  TOKEN_VARIABLE,
  TOKEN_VARIABLE_ALIAS,
  TOKEN_VARIABLE_HINT,
  tokenUsageLines,
} from "../src/cli/shared-token";
