/** Names of the demo agent's scenarios, shared by the page's toolbar and the agent. */
export const SCENARIO_NAMES = ["single", "three", "multi", "timeout", "abort"] as const;

/** One scenario the demo agent can run. */
export type ScenarioName = (typeof SCENARIO_NAMES)[number];

/** Toolbar labels of the scenarios. */
export const SCENARIO_LABELS: Record<ScenarioName, string> = {
  single: "One question",
  three: "Three questions",
  multi: "Multi-select",
  timeout: "30 s timeout",
  abort: "Agent abort",
};

/** Session the page shows and the agent asks in; the gateway's canonical key for "main". */
export const DEFAULT_SESSION_KEY = "agent:main:main";

/** Narrows an unknown value to a scenario name. */
export function isScenarioName(value: unknown): value is ScenarioName {
  return typeof value === "string" && (SCENARIO_NAMES as readonly string[]).includes(value);
}
