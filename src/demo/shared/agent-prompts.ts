import type { ScenarioName } from "./scenarios";

/** A message the demo's toolbar sends to the real agent, and the scenario the scripted model plays for it. */
export type AgentPrompt = { scenario: ScenarioName; label: string; message: string };

/**
 * What the scripted model answers with a question (`npm start -- --openclaw`); the first prompt
 * whose `message` the user's text contains wins, so the longer ones come first.
 */
export const AGENT_PROMPTS: readonly AgentPrompt[] = [
  { scenario: "timeout", label: "30 s timeout", message: "quick deploy" },
  { scenario: "single", label: "One question", message: "deploy" },
  { scenario: "three", label: "Three questions", message: "set up the project" },
  { scenario: "multi", label: "Multi-select", message: "run the checks" },
];

/** The prompt a user's message asks for, if any (case and surrounding words do not matter). */
export function agentPromptFor(text: string): AgentPrompt | undefined {
  const lowered = text.toLowerCase();
  return AGENT_PROMPTS.find((prompt) => lowered.includes(prompt.message));
}
