/**
 * Which stack the page runs: the OpenClaw gateway, a Vercel AI SDK chat, an MCP client, a
 * LangGraph thread, or an AG-UI agent.
 */
export type Stack = "openclaw" | "ai-sdk" | "mcp" | "langgraph" | "ag-ui";

export const STACKS: { value: Stack; label: string }[] = [
  { value: "openclaw", label: "OpenClaw" },
  { value: "ai-sdk", label: "AI SDK" },
  { value: "mcp", label: "MCP" },
  { value: "langgraph", label: "LangGraph" },
  { value: "ag-ui", label: "AG-UI" },
];

const PARAM = "stack";

/** The stack in the page's URL; OpenClaw unless it says otherwise. */
export function readStack(): Stack {
  const named = new URLSearchParams(window.location.search).get(PARAM);
  return STACKS.find((choice) => choice.value === named)?.value ?? "openclaw";
}

/** Puts the stack in the URL (a new history entry), so a reload and Back keep to it. */
export function writeStack(stack: Stack): void {
  const url = new URL(window.location.href);
  if (stack === "openclaw") url.searchParams.delete(PARAM);
  else url.searchParams.set(PARAM, stack);
  window.history.pushState(null, "", url);
}
