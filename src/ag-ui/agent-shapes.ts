// The parts of an AG-UI agent (`@ag-ui/client`'s `AbstractAgent`, 1.0 and the 0.0.59 CopilotKit
// pins) the kit reads and calls, declared here so the entry needs nothing of the client at run time.

/** A tool call of an assistant message. */
export type AgUiToolCall = {
  id: string;
  function: { name: string; arguments: string };
};

/** A message of the agent's thread, as far as the kit reads it. */
export type AgUiMessage = {
  id: string;
  role: string;
  content?: unknown;
  toolCalls?: AgUiToolCall[] | undefined;
  toolCallId?: string | undefined;
};

/** A standard interrupt: the run ended waiting for the human. */
export type AgUiInterrupt = {
  id: string;
  reason: string;
  message?: string | undefined;
  toolCallId?: string | undefined;
  responseSchema?: Record<string, unknown> | undefined;
  /** ISO time after which the interrupt must be cancelled. */
  expiresAt?: string | undefined;
  metadata?: Record<string, unknown> | undefined;
};

/** One interrupt's answer in the next run's `resume`. */
export type AgUiResumeEntry =
  | { interruptId: string; status: "resolved"; payload?: unknown }
  | { interruptId: string; status: "cancelled" };

/** A tool the page offers the agent (`RunAgentInput.tools`). */
export type AgUiTool = { name: string; description: string; parameters?: unknown };

/** What the kit passes to `runAgent`. */
export type AgUiRunParameters = {
  tools?: AgUiTool[] | undefined;
  resume?: AgUiResumeEntry[] | undefined;
};

/** The subscriber callbacks the kit uses. */
export type AgUiSubscriber = {
  onMessagesChanged?(): void;
  onRunInitialized?(): void;
  onRunFinalized?(): void;
  onRunFailed?(params: { error: Error }): void;
  onRunStartedEvent?(): void;
  onRunErrorEvent?(params: { event: { message: string } }): void;
};

/** An AG-UI agent (`HttpAgent`, CopilotKit's `useAgent().agent`): what the dock needs of it. */
export type AskUserAgent = {
  threadId: string;
  messages: AgUiMessage[];
  /** Interrupts the last run ended with (`@ag-ui/client` 0.0.59 and later). */
  pendingInterrupts?: AgUiInterrupt[] | undefined;
  isRunning: boolean;
  subscribe(subscriber: AgUiSubscriber): { unsubscribe(): void };
  addMessage(message: AgUiMessage): void;
  /** Replaces the thread's messages (to put a result next to its call). */
  setMessages?(messages: AgUiMessage[]): void;
  runAgent(parameters?: AgUiRunParameters, subscriber?: AgUiSubscriber): Promise<unknown>;
};
