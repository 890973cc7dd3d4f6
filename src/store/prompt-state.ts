import { PLAIN_TEXT_RESOLVER } from "../protocol/chat-reply";
import type { PromptEntry } from "./types";

/** What became of the question, whoever ended it. */
export type PromptOutcome =
  | "waiting"
  | "answered"
  | "skipped"
  | "answered-elsewhere"
  | "answered-by-reply"
  | "cancelled"
  | "expired"
  | "unavailable";

/** Where this client's own answer or skip stands, apart from what became of the question. */
export type PromptDelivery = "idle" | "sending" | "queued" | "unconfirmed" | "failed";

/**
 * The one word `data-status` carries on every element of the kit (dock, bar, card, notice, summary):
 * the outcome once the question ended, else where our own send stands.
 */
export type DataStatus =
  | "waiting"
  | "sending"
  | "queued"
  | "failed"
  | "answered"
  | "skipped"
  | "answered-elsewhere"
  | "answered-by-reply"
  | "cancelled"
  | "expired"
  | "unavailable"
  | "unconfirmed";

/** One prompt's state: two orthogonal fields, plus the word every view shows for them. */
export type PromptState = {
  outcome: PromptOutcome;
  delivery: PromptDelivery;
  /** What this client sent or queued and is not yet settled: an answer, a skip, or nothing. */
  sent: "answer" | "skip" | null;
  status: DataStatus;
};

function outcomeOf(entry: PromptEntry): PromptOutcome {
  switch (entry.status) {
    case "pending":
    case "submitting":
    case "queued":
      return "waiting";
    case "answered":
      if (!entry.answeredElsewhere) return "answered";
      return entry.record.resolvedBy === PLAIN_TEXT_RESOLVER
        ? "answered-by-reply"
        : "answered-elsewhere";
    case "cancelled":
      return entry.answeredElsewhere ? "cancelled" : "skipped";
    case "expired":
    case "unavailable":
      return entry.status;
    default:
      return entry.status satisfies never;
  }
}

function deliveryOf(entry: PromptEntry): PromptDelivery {
  switch (entry.status) {
    case "pending":
      return entry.error === null ? "idle" : "failed";
    case "submitting":
      return "sending";
    case "queued":
      return "queued";
    // A send that may have arrived before the gateway forgot the prompt: its fate is unknown.
    case "unavailable":
      return entry.sent === null ? "idle" : "unconfirmed";
    case "answered":
    case "cancelled":
    case "expired":
      return "idle";
    default:
      return entry.status satisfies never;
  }
}

function statusOf(outcome: PromptOutcome, delivery: PromptDelivery): DataStatus {
  if (outcome === "unavailable" && delivery === "unconfirmed") return "unconfirmed";
  if (outcome !== "waiting") return outcome;
  switch (delivery) {
    case "idle":
      return "waiting";
    case "sending":
    case "unconfirmed":
      return "sending";
    case "queued":
    case "failed":
      return delivery;
    default:
      return delivery satisfies never;
  }
}

const GONE: PromptState = {
  outcome: "unavailable",
  delivery: "idle",
  sent: null,
  status: "unavailable",
};

// Entries are replaced, never changed, so one state per entry keeps selectors stable.
const stateMemo = new WeakMap<PromptEntry, PromptState>();

/** The state of a prompt as every view shows it; a prompt the store no longer has is unavailable. */
export function promptStateOf(entry: PromptEntry | undefined): PromptState {
  if (entry === undefined) return GONE;
  const cached = stateMemo.get(entry);
  if (cached !== undefined) return cached;
  const outcome = outcomeOf(entry);
  const delivery = deliveryOf(entry);
  const sent = entry.sent === null ? null : entry.sent.kind === "resolve" ? "answer" : "skip";
  const state: PromptState = { outcome, delivery, sent, status: statusOf(outcome, delivery) };
  stateMemo.set(entry, state);
  return state;
}

/** True while the user can still change or send an answer (not while one is on its way). */
export function isAnswerable(state: PromptState): boolean {
  return state.outcome === "waiting" && state.delivery !== "sending";
}

/** True while the answer can be edited: waiting, with nothing sent or queued. */
export function isEditable(state: PromptState): boolean {
  return state.outcome === "waiting" && (state.delivery === "idle" || state.delivery === "failed");
}

/**
 * True once the question ended without this client's own answer or skip settling it: the dock
 * then retires into a notice that says so.
 */
export function endedWithoutUs(state: PromptState): boolean {
  return state.outcome !== "waiting" && state.outcome !== "answered" && state.outcome !== "skipped";
}
