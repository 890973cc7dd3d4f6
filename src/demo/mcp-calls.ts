import type { RefusedForm } from "../mcp/index";

/** The server's tools the toolbar calls, with the message each form is asked with. */
export const FORM_TOOLS = [
  { name: "sign_up", label: "Sign-up form (12 fields)", message: "Sign up for the hosted plan." },
  { name: "confirm_release", label: "Release form", message: "Confirm the release." },
  { name: "nested_form", label: "Out-of-spec form", message: "Where should we ship it?" },
] as const;

/** One tool call in the chat: what was called, the form it asked, and what the server returned. */
export type ToolCall = {
  id: string;
  tool: string;
  atMs: number;
  /** The dock's prompt of the form this call asked, once it arrived. */
  promptId: string | null;
  /** A form the dock could not show: it was declined. */
  refused: RefusedForm | null;
  /** `received`: the tool's result text; `error`: why the call failed; `ended`: by a reload. */
  result: { tone: "received" | "error" | "ended"; text: string } | null;
};

const STORAGE_KEY = "ask-user-kit-demo:mcp-calls";

/** Ends `calls` that still wait: the page's client went with the page that made them. */
const endedByReload = (calls: ToolCall[]): ToolCall[] =>
  calls.map((call) =>
    call.result === null
      ? {
          ...call,
          result: {
            tone: "ended",
            text: "The page reloaded: the request ended with the page's MCP client.",
          },
        }
      : call,
  );

/** The calls this tab kept; those that still waited ended with the page that made them. */
export function loadToolCalls(): ToolCall[] {
  try {
    const saved: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? "[]");
    return Array.isArray(saved) ? endedByReload(saved as ToolCall[]) : [];
  } catch {
    return [];
  }
}

export function saveToolCalls(calls: ToolCall[]): void {
  try {
    if (calls.length === 0) sessionStorage.removeItem(STORAGE_KEY);
    else sessionStorage.setItem(STORAGE_KEY, JSON.stringify(calls));
  } catch {
    // Without storage the chat lasts as long as the page.
  }
}

/** Gives the oldest call still waiting on its form `change`; calls reach the server in order. */
export function toOldestWaiting(
  calls: ToolCall[],
  change: Pick<ToolCall, "promptId" | "refused">,
): ToolCall[] {
  const index = calls.findIndex(
    (call) => call.result === null && call.promptId === null && call.refused === null,
  );
  return index === -1
    ? calls
    : calls.map((call, at) => (at === index ? { ...call, ...change } : call));
}

/** What the chat says of a refused form. */
export const refusalText = (form: RefusedForm): string =>
  `The dock can't show this form: ${form.reasons.join("; ")}. It was declined.`;
