import { authScenarios } from "./auth-scenarios";
import type { Scenario } from "./harness";
import { lifecycleScenarios } from "./lifecycle-scenarios";
import { requestScenarios } from "./request-scenarios";
import { resolveScenarios } from "./resolve-scenarios";

/** Every differential scenario, run against each peer. */
export const SCENARIOS: Scenario[] = [
  ...authScenarios,
  ...requestScenarios,
  ...resolveScenarios,
  ...lifecycleScenarios,
];
