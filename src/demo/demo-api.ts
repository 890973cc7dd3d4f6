import type { ScenarioName } from "./shared/scenarios";
import type { ChannelResolveRequest, DemoConfig } from "./shared/turns";

/** A failed call to the start server, with the gateway's reason when there is one. */
export class DemoApiError extends Error {
  constructor(
    message: string,
    readonly reason: string | null,
  ) {
    super(message);
  }
}

const postJson = async <T>(path: string, body: unknown): Promise<T> => {
  const response = await fetch(path, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const value = (await response.json()) as T & { error?: string; reason?: string | null };
  if (!response.ok)
    throw new DemoApiError(value.error ?? response.statusText, value.reason ?? null);
  return value;
};

/** Reads the start server's config (gateway URL, and the token on loopback). */
export async function fetchDemoConfig(sessionKey: string | null): Promise<DemoConfig> {
  const query = sessionKey ? `?session=${encodeURIComponent(sessionKey)}` : "";
  const response = await fetch(`/demo-config.json${query}`, { cache: "no-store" });
  return (await response.json()) as DemoConfig;
}

/** Asks the demo agent to run a scenario in the session. */
export function runScenario(name: ScenarioName, sessionKey: string) {
  return postJson<{ runId: string; id: string }>("/agent/scenario", { name, sessionKey });
}

/** Makes the demo agent ask an OpenClaw async question in the session (mock gateway only). */
export function askAsyncQuestion(sessionKey: string) {
  return postJson<{ runId: string; itemId: string }>("/agent/async-question", { sessionKey });
}

/** Aborts the session's running agent turns (their questions are cancelled). */
export function abortRun(sessionKey: string) {
  return postJson<{ aborted: number }>("/agent/abort", { sessionKey });
}

/** Sends a composer message to the demo agent's log. */
export function sendMessage(sessionKey: string, text: string) {
  return postJson<{ ok: true }>("/agent/message", { sessionKey, text });
}

/** Resolves a question as a chat channel would (through the start server's back-end client). */
export function resolveFromChannel(request: ChannelResolveRequest) {
  return postJson<{ status: string }>("/channels/resolve", request);
}
