/** The variable the bin and every script read the gateway's shared token from. */
export const TOKEN_VARIABLE = "ASK_USER_KIT_TOKEN";
/** Read too when the kit's own variable is unset. */
export const TOKEN_VARIABLE_ALIAS = "OPENCLAW_GATEWAY_TOKEN";

/** How to set the variable without the token landing on screen or in shell history. */
export const TOKEN_VARIABLE_HINT = `read -rs ${TOKEN_VARIABLE} && export ${TOKEN_VARIABLE}   (paste the token; it is not shown)`;

/** Printed when the token arrives on the command line, where other users and history can see it. */
export const TOKEN_FLAG_WARNING = `warning: --token is visible to other users in \`ps\` and stays in your shell history; set ${TOKEN_VARIABLE} instead.`;

/**
 * The shared token from `--token` (which wins, with a warning) or the environment; undefined when
 * none is given. Never prints the token.
 */
export function readSharedToken(
  flag: string | undefined,
  env: NodeJS.ProcessEnv = process.env,
  warn: (line: string) => void = console.error,
): string | undefined {
  if (flag !== undefined) {
    warn(TOKEN_FLAG_WARNING);
    if (flag !== "") return flag;
  }
  const fromEnv = env[TOKEN_VARIABLE] || env[TOKEN_VARIABLE_ALIAS];
  return fromEnv || undefined;
}

/** The usage lines every command prints about where the token comes from. */
export function tokenUsageLines(source: string): string[] {
  return [
    `  ${source} read from ${TOKEN_VARIABLE} (or ${TOKEN_VARIABLE_ALIAS}):`,
    `    ${TOKEN_VARIABLE_HINT}`,
  ];
}

/** The usage line about `--token`. */
export const TOKEN_FLAG_USAGE =
  "  --token <token> works too, but shows the token in `ps` and your shell history.";
