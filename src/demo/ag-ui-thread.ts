// An `HttpAgent` cannot load a thread from its server: the page keeps the thread's messages and
// open interrupts itself (in localStorage, which the tabs share), so a reload, or coming back from
// another stack, continues the same thread.
import { HttpAgent, type Interrupt, type Message } from "@ag-ui/client";

/** Where the page runs the agent: the demo server's scripted AG-UI endpoint. */
export const AG_UI_RUN_PATH = "/ag-ui/run";

const CURRENT_KEY = "ask-user-kit-demo:ag-ui-thread";
const THREAD_KEY_PREFIX = "ask-user-kit-demo:ag-ui-thread:";

/** Interrupt id → the id of the tool call it paused on, kept once the interrupt is resumed. */
export type PromptPlaces = Record<string, string>;

type SavedThread = { messages: Message[]; interrupts: Interrupt[]; places: PromptPlaces };

const EMPTY: SavedThread = { messages: [], interrupts: [], places: {} };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function loadThread(threadId: string): SavedThread {
  try {
    const saved: unknown = JSON.parse(localStorage.getItem(THREAD_KEY_PREFIX + threadId) ?? "null");
    if (!isRecord(saved)) return EMPTY;
    return {
      messages: Array.isArray(saved.messages) ? (saved.messages as Message[]) : [],
      interrupts: Array.isArray(saved.interrupts) ? (saved.interrupts as Interrupt[]) : [],
      places: isRecord(saved.places) ? (saved.places as PromptPlaces) : {},
    };
  } catch {
    return EMPTY;
  }
}

function saveThread(threadId: string, thread: SavedThread): void {
  try {
    localStorage.setItem(THREAD_KEY_PREFIX + threadId, JSON.stringify(thread));
  } catch {
    // Without storage the thread lasts as long as the page.
  }
}

/** The thread the page was on, or a new one. */
export function currentThreadId(): string {
  try {
    const current = localStorage.getItem(CURRENT_KEY);
    if (current !== null && current !== "") return current;
    const fresh = crypto.randomUUID();
    localStorage.setItem(CURRENT_KEY, fresh);
    return fresh;
  } catch {
    return crypto.randomUUID();
  }
}

/** Drops the thread `threadId` and starts another; returns its id. */
export function startNewThread(threadId: string): string {
  try {
    localStorage.removeItem(THREAD_KEY_PREFIX + threadId);
    localStorage.removeItem(CURRENT_KEY);
  } catch {
    // Nothing kept, nothing to drop.
  }
  return currentThreadId();
}

/** An agent on the thread, and where each of its interrupts' summaries goes in the chat. */
export type AgUiThread = { agent: HttpAgent; places(): PromptPlaces };

/** The agent on `threadId` with what was kept of it, keeping it again on every change. */
export function openThread(threadId: string): AgUiThread {
  const saved = loadThread(threadId);
  const agent = new HttpAgent({
    url: AG_UI_RUN_PATH,
    threadId,
    initialMessages: saved.messages,
  });
  agent.pendingInterrupts = saved.interrupts;
  let places = saved.places;
  const save = () => {
    for (const interrupt of agent.pendingInterrupts)
      if (interrupt.toolCallId !== undefined && places[interrupt.id] === undefined)
        places = { ...places, [interrupt.id]: interrupt.toolCallId };
    saveThread(threadId, {
      messages: agent.messages,
      interrupts: agent.pendingInterrupts,
      places,
    });
  };
  agent.subscribe({ onMessagesChanged: save, onRunFinalized: save });
  return { agent, places: () => places };
}
