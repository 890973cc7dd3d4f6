// The LangGraph page's agent and thread live in the URL, so a reload re-attaches to the thread
// (and its pending interrupt); where each prompt's summary goes in the chat lives in the tab.

/** The graphs of the local LangGraph server the page chats with. */
export type LangGraphAgent = "ask" | "review";

export const LANGGRAPH_AGENTS: { value: LangGraphAgent; label: string; about: string }[] = [
  { value: "ask", label: "Ask", about: "an agent with the kit's ask_user" },
  {
    value: "review",
    label: "Review",
    about: "an agent whose send_email and delete_file wait for a review",
  },
];

const AGENT_PARAM = "agent";
const THREAD_PARAM = "thread";

/** Where the page reaches the LangGraph server: the demo server forwards this path to it. */
export const langGraphApiUrl = (): string => `${window.location.origin}/langgraph`;

/** The agent the URL names; `ask` unless it says otherwise. */
export function readAgent(): LangGraphAgent {
  const named = new URLSearchParams(window.location.search).get(AGENT_PARAM);
  return LANGGRAPH_AGENTS.find((choice) => choice.value === named)?.value ?? "ask";
}

/** The thread the URL names, or null for a new one. */
export function readThread(): string | null {
  const named = new URLSearchParams(window.location.search).get(THREAD_PARAM);
  return named === null || named === "" ? null : named;
}

/** Puts the agent and thread in the URL in place (no new history entry); null drops the thread. */
export function writeThread(agent: LangGraphAgent, threadId: string | null): void {
  const url = new URL(window.location.href);
  url.searchParams.set(AGENT_PARAM, agent);
  if (threadId === null) url.searchParams.delete(THREAD_PARAM);
  else url.searchParams.set(THREAD_PARAM, threadId);
  window.history.replaceState(null, "", url);
}

const PLACES_KEY = "ask-user-kit-demo:langgraph-places:";

/** Prompt id → the id of the message whose calls it paused on. */
export type PromptPlaces = Record<string, string>;

/** The places this tab kept for a thread; anything unreadable starts empty. */
export function loadPlaces(threadId: string): PromptPlaces {
  try {
    const saved: unknown = JSON.parse(sessionStorage.getItem(PLACES_KEY + threadId) ?? "{}");
    if (typeof saved !== "object" || saved === null || Array.isArray(saved)) return {};
    return Object.fromEntries(
      Object.entries(saved).filter((entry): entry is [string, string] => {
        return typeof entry[1] === "string";
      }),
    );
  } catch {
    return {};
  }
}

export function savePlaces(threadId: string, places: PromptPlaces): void {
  try {
    sessionStorage.setItem(PLACES_KEY + threadId, JSON.stringify(places));
  } catch {
    // Without storage the places last as long as the page; a summary then ends the chat.
  }
}
