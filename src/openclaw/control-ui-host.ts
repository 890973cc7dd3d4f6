/**
 * The parts of OpenClaw's Control UI plugin host the kit uses, as seen at runtime with OpenClaw
 * 2026.9.6 (`openclaw/plugin-sdk/control-ui`). Declared here so the kit needs no `openclaw` package.
 */
export type ControlUiConnection = {
  connected: boolean;
  canRead: boolean;
  canWrite: boolean;
  canGrant?: boolean;
  canAdmin: boolean;
  assistantAgentId?: string | null;
};

/** The host one activation gets; disposed (its `signal` aborts) on every reconnect. */
export type ControlUiHost = {
  readonly signal: AbortSignal;
  readonly locale: string;
  readonly connection: ControlUiConnection;
  request<T = unknown>(method: string, params?: Record<string, unknown>): Promise<T>;
  onEvent(event: string, listener: (payload: unknown) => void): () => void;
  subscribe(listener: () => void): () => void;
};
