/** Which chat stack the page runs: the OpenClaw gateway, or a Vercel AI SDK chat. */
export type Stack = "openclaw" | "ai-sdk";

export const STACKS: { value: Stack; label: string }[] = [
  { value: "openclaw", label: "OpenClaw" },
  { value: "ai-sdk", label: "AI SDK" },
];

const PARAM = "stack";

/** The stack in the page's URL; OpenClaw unless it says otherwise. */
export function readStack(): Stack {
  return new URLSearchParams(window.location.search).get(PARAM) === "ai-sdk"
    ? "ai-sdk"
    : "openclaw";
}

/** Puts the stack in the URL (a new history entry), so a reload and Back keep to it. */
export function writeStack(stack: Stack): void {
  const url = new URL(window.location.href);
  if (stack === "openclaw") url.searchParams.delete(PARAM);
  else url.searchParams.set(PARAM, stack);
  window.history.pushState(null, "", url);
}
