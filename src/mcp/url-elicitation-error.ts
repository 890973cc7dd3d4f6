/** The elicitations of a tool call's `UrlElicitationRequired` error (-32042); null for another error. */
export function urlElicitationsOf(error: unknown): unknown[] | null {
  const { code, data } = (error ?? {}) as { code?: unknown; data?: unknown };
  const list = (data as { elicitations?: unknown } | undefined)?.elicitations;
  return code === -32042 && Array.isArray(list) ? list : null;
}
