import { useEffect, useState } from "react";
import { readStack, STACKS, type Stack, writeStack } from "./stack";

/** The page's stack, kept in the URL; Back and Forward follow it. */
export function useStack(): [Stack, (stack: Stack) => void] {
  const [stack, setStack] = useState(readStack);
  useEffect(() => {
    const follow = () => setStack(readStack());
    window.addEventListener("popstate", follow);
    return () => window.removeEventListener("popstate", follow);
  }, []);
  const choose = (next: Stack) => {
    writeStack(next);
    setStack(next);
  };
  return [stack, choose];
}

/**
 * The header's choice between the OpenClaw page, the AI SDK chat, the MCP forms, LangGraph and
 * AG-UI.
 */
export function StackSwitch({ stack, onChange }: { stack: Stack; onChange(stack: Stack): void }) {
  return (
    <label className="demo-appearance__field">
      <span>Stack</span>
      <select value={stack} onChange={(event) => onChange(event.currentTarget.value as Stack)}>
        {STACKS.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    </label>
  );
}
