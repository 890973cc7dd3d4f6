import { randomBytes } from "node:crypto";
import type { GatewayPeer } from "../peers";
import {
  type RawConnection,
  type RawConnectOptions,
  type RawEvent,
  type RawResponse,
  rawConnect,
} from "../raw-client";

/** What a scenario observed; compared between the mock and the real gateway. */
export type Observation = Record<string, unknown>;

/** Tools a scenario gets for one peer. */
export type ScenarioContext = {
  peer: GatewayPeer;
  /** Connects as a trusted back-end client (shared token, no device) unless options say otherwise. */
  connect(options?: RawConnectOptions): Promise<RawConnection>;
  /** A fresh `ask_<32 hex>` id. */
  newId(): string;
  /** Closes every connection the scenario opened. */
  cleanup(): void;
};

/** One differential scenario. */
export type Scenario = {
  name: string;
  expected: Observation;
  /** Slow scenarios (waiting out real timers). */
  slow?: boolean;
  run(context: ScenarioContext): Promise<Observation>;
};

/** Creates the per-peer context of one scenario run. */
export function createContext(peer: GatewayPeer): ScenarioContext {
  const opened: RawConnection[] = [];
  return {
    peer,
    connect: async (options) => {
      const connection = await rawConnect(peer.url, { token: peer.token, ...options });
      opened.push(connection);
      return connection;
    },
    newId: () => `ask_${randomBytes(16).toString("hex")}`,
    cleanup: () => {
      for (const connection of opened) connection.close();
    },
  };
}

/** The comparable part of a response: ok, or the error code and its detail reason/code. */
export function outcome(response: RawResponse): Observation {
  if (response.ok) return { ok: true };
  const details = response.error.details ?? {};
  return {
    ok: false,
    code: response.error.code,
    reason: typeof details.reason === "string" ? details.reason : null,
    detailCode: typeof details.code === "string" ? details.code : null,
  };
}

/** The payload of a successful response as a record. */
export function payloadOf(response: RawResponse): Record<string, unknown> {
  if (!response.ok)
    throw new Error(`expected success, got ${response.error.code}: ${response.error.message}`);
  return (response.payload ?? {}) as Record<string, unknown>;
}

/** Question events about one id, as `name:status` strings in arrival order. */
export function eventTrail(events: RawEvent[], id: string): string[] {
  return events
    .filter((event) => event.event.startsWith("question."))
    .filter((event) => (event.payload as { id?: unknown } | undefined)?.id === id)
    .map((event) => `${event.event}:${String((event.payload as { status?: unknown }).status)}`);
}

/** Waits until a connection saw `count` question events about `id` (or a short settle time). */
export async function settleEvents(
  connection: RawConnection,
  id: string,
  count: number,
): Promise<string[]> {
  const deadline = Date.now() + EVENT_SETTLE_MAX_MS;
  while (eventTrail(connection.events, id).length < count && Date.now() < deadline) {
    await sleep(EVENT_POLL_MS);
  }
  await sleep(EVENT_POLL_MS);
  return eventTrail(connection.events, id);
}

const EVENT_SETTLE_MAX_MS = 5_000;
const EVENT_POLL_MS = 50;

/** Resolves after `ms` of real time. */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** A single-select deploy question with two options and free text allowed. */
export const DEPLOY_QUESTION = {
  questionId: "target",
  header: "Deploy",
  question: "Where should this deploy go?",
  options: [{ label: "Production (Recommended)" }, { label: "Staging" }],
  isOther: true,
};

/** A single-select question without free text. */
export const STRICT_QUESTION = {
  questionId: "mode",
  header: "Mode",
  question: "Which mode?",
  options: [{ label: "Fast" }, { label: "Safe" }],
};

/** A multi-select question without free text. */
export const CHECKS_QUESTION = {
  questionId: "checks",
  header: "Checks",
  question: "Which checks should run?",
  options: [{ label: "Lint" }, { label: "Unit" }, { label: "E2E" }],
  multiSelect: true,
};

/** A free-text-only question (no options). */
export const NAME_QUESTION = {
  questionId: "name",
  header: "Name",
  question: "What should the release be called?",
  options: [],
  isOther: true,
};

/** Requests a question and returns its id (throws on failure). */
export async function requestQuestion(
  connection: RawConnection,
  params: Record<string, unknown>,
): Promise<{ id: string; expiresAtMs: number }> {
  const payload = payloadOf(await connection.request("question.request", params));
  return { id: String(payload.id), expiresAtMs: Number(payload.expiresAtMs) };
}
