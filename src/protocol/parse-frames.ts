import { parseAnswers } from "./parse-question";
import { describeKind, IssueCollector, isRecord } from "./parse-support";
import type {
  ConnectChallenge,
  EventFrame,
  GatewayErrorShape,
  GatewayFrame,
  ParseResult,
  QuestionResolvedEvent,
} from "./types";

function failed<T>(issues: IssueCollector): ParseResult<T> {
  return { ok: false, issues: issues.issues };
}

/** Reads a response error object; null when it is not one. */
export function parseGatewayError(value: unknown): GatewayErrorShape | null {
  if (!isRecord(value) || typeof value.code !== "string" || typeof value.message !== "string") {
    return null;
  }
  const { details, retryable, retryAfterMs } = value;
  return {
    code: value.code,
    message: value.message,
    ...(isRecord(details) ? { details } : {}),
    ...(typeof retryable === "boolean" ? { retryable } : {}),
    ...(typeof retryAfterMs === "number" && Number.isFinite(retryAfterMs) ? { retryAfterMs } : {}),
  };
}

function decodeJson(value: unknown, issues: IssueCollector): unknown {
  if (typeof value !== "string") return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    issues.add("", "is not valid JSON");
    return undefined;
  }
}

function parseEvent(
  value: Record<string, unknown>,
  issues: IssueCollector,
): ParseResult<EventFrame> {
  const event = issues.requireString(value.event, "event", { nonEmpty: true });
  const seq = value.seq === undefined ? undefined : issues.requireInteger(value.seq, "seq", 0);
  if (event === null || seq === null) return failed(issues);
  return {
    ok: true,
    value: {
      type: "event",
      event,
      ...("payload" in value ? { payload: value.payload } : {}),
      ...(seq === undefined ? {} : { seq }),
    },
  };
}

/** Parses a frame the gateway sent (a JSON string or an already decoded object). */
export function parseGatewayFrame(value: unknown): ParseResult<GatewayFrame> {
  const issues = new IssueCollector();
  const frame = decodeJson(value, issues);
  if (!issues.isEmpty) return failed(issues);
  if (!issues.requireRecord(frame, "")) return failed(issues);
  if (frame.type === "event") return parseEvent(frame, issues);
  if (frame.type !== "res") {
    issues.add("type", "must be 'res' or 'event'");
    return failed(issues);
  }
  const id = issues.requireString(frame.id, "id", { nonEmpty: true });
  if (typeof frame.ok !== "boolean")
    issues.add("ok", `must be a boolean, got ${describeKind(frame.ok)}`);
  if (id === null || typeof frame.ok !== "boolean") return failed(issues);
  const payload = "payload" in frame ? { payload: frame.payload } : {};
  if (frame.ok) return { ok: true, value: { type: "res", id, ok: true, ...payload } };
  const error = parseGatewayError(frame.error);
  if (error === null) {
    issues.add("error", "must be an object with a string code and message");
    return failed(issues);
  }
  return { ok: true, value: { type: "res", id, ok: false, error, ...payload } };
}

/** Parses the `connect.challenge` event payload. */
export function parseConnectChallenge(payload: unknown): ParseResult<ConnectChallenge> {
  const issues = new IssueCollector();
  if (!issues.requireRecord(payload, "")) return failed(issues);
  const nonce = issues.requireString(payload.nonce, "nonce", { nonEmpty: true });
  const ts = issues.requireInteger(payload.ts, "ts", 0);
  if (nonce === null || ts === null) return failed(issues);
  return { ok: true, value: { nonce, ts } };
}

/** Parses the `question.resolved` event payload. */
export function parseQuestionResolvedEvent(payload: unknown): ParseResult<QuestionResolvedEvent> {
  const issues = new IssueCollector();
  if (!issues.requireRecord(payload, "")) return failed(issues);
  const id = issues.requireString(payload.id, "id", { nonEmpty: true });
  if (id === null) return failed(issues);
  switch (payload.status) {
    case "answered": {
      const answers = parseAnswers(payload.answers, "answers", issues);
      return answers === null
        ? failed(issues)
        : { ok: true, value: { id, status: "answered", answers } };
    }
    case "cancelled":
      return { ok: true, value: { id, status: "cancelled" } };
    case "expired":
      return { ok: true, value: { id, status: "expired" } };
    default:
      issues.add("status", "must be answered, cancelled or expired");
      return failed(issues);
  }
}
