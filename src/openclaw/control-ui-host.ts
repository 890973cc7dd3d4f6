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

/** What a replacement's `mount` gets; `props` depend on the surface. */
export type ControlUiViewContext<Props> = {
  readonly host: ControlUiHost;
  readonly signal: AbortSignal;
  readonly props: Props;
  readonly presented: boolean;
  /** Mounts the host's built-in view into `container`; returns its disposer. */
  mountDefault(container: HTMLElement): () => void;
};

/** A mounted replacement. */
export type ControlUiViewHandle<Props> = {
  update?(context: ControlUiViewContext<Props>): void;
  focus?(): void;
  dispose?(): void;
};

/** The composer surface's props (the built-in composer's own state and actions). */
export type ComposerProps = {
  sessionKey: string;
  agentId: string;
  draft: string;
  canSend: boolean;
};

/** The tool-result surface's props; `output` is `{completed:false}` until the tool returns. */
export type ToolResultProps = {
  sessionKey: string;
  toolName: string;
  toolCallId: string;
  input: unknown;
  output: unknown;
};

type Replacement<Surface extends string, Props> = {
  id: string;
  label: string;
  surface: Surface;
  mount(container: HTMLElement, context: ControlUiViewContext<Props>): ControlUiViewHandle<Props>;
};

/** A surface replacement as `host.ui.registerReplacement` takes it. */
export type ControlUiReplacement =
  | Replacement<"composer", ComposerProps>
  | Replacement<"tool-result", ToolResultProps>;

/** The host one activation gets; disposed (its `signal` aborts) on every reconnect. */
export type ControlUiHost = {
  readonly ui?: {
    registerReplacement(replacement: ControlUiReplacement): () => void;
    selectReplacement(surface: "composer" | "tool-result", id: string | null): void;
  };
  readonly signal: AbortSignal;
  readonly locale: string;
  readonly connection: ControlUiConnection;
  request<T = unknown>(method: string, params?: Record<string, unknown>): Promise<T>;
  onEvent(event: string, listener: (payload: unknown) => void): () => void;
  subscribe(listener: () => void): () => void;
};
