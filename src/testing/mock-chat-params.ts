import type { GatewayErrorShape } from "../protocol/types";
import { errorShape, invalidParams, MOCK_ERROR_CODES } from "./mock-errors";
import { checkObject, type FieldRule, type ObjectRule } from "./mock-schema";

/** The `chat.send` params the mock acts on (others are accepted and ignored). */
export type SendParams = {
  sessionKey: string;
  message: string;
  idempotencyKey: string;
  replyToId?: string;
  /** Absent: no check; null: the transcript must be empty. */
  expectedLeafEntryId?: string | null;
  queueMode?: string;
};

const METHOD = "chat.send";
const NON_EMPTY = { kind: "string", minLength: 1 } as const;
const TEXT = { kind: "string" } as const;
const ANY = { kind: "any" } as const;
const FLAG = { kind: "boolean" } as const;
/** How a message joins a busy session; the stock Control UI sends "steer" while a run is active. */
export const QUEUE_MODES = ["steer", "followup", "collect", "interrupt"] as const;

// Every field the gateway's `chat.send` takes; the mock checks the types of those it reads.
const FIELDS: Record<string, FieldRule> = {
  sessionKey: TEXT,
  agentId: NON_EMPTY,
  sessionId: NON_EMPTY,
  message: ANY,
  mentions: ANY,
  workContext: ANY,
  intent: ANY,
  thinking: TEXT,
  fastMode: ANY,
  fastAutoOnSeconds: { kind: "integer", minimum: 1 },
  queueMode: TEXT,
  deliver: FLAG,
  originatingChannel: TEXT,
  originatingTo: TEXT,
  originatingAccountId: TEXT,
  originatingThreadId: TEXT,
  replyToId: NON_EMPTY,
  attachments: ANY,
  toolBindings: ANY,
  timeoutMs: { kind: "integer", minimum: 0 },
  systemInputProvenance: ANY,
  systemProvenanceReceipt: TEXT,
  suppressCommandInterpretation: FLAG,
  expectedLeafEntryId: ANY,
  expectedSessionRoutingContract: NON_EMPTY,
  expectedPermissionMode: ANY,
  expectedToolOverrides: ANY,
  idempotencyKey: NON_EMPTY,
};
const SEND_RULE: ObjectRule = { fields: FIELDS, required: ["sessionKey", "idempotencyKey"] };

/** Validates `chat.send` params like the gateway: the schema, then a message with text. */
export function parseSendParams(
  params: unknown,
): { ok: true; value: SendParams } | { ok: false; error: GatewayErrorShape } {
  const issue = checkObject(params ?? {}, SEND_RULE, "");
  if (issue !== null) return { ok: false, error: invalidParams(METHOD, issue) };
  const record = params as Record<string, unknown>;
  const { queueMode, expectedLeafEntryId, message } = record;
  if (queueMode !== undefined && !(QUEUE_MODES as readonly unknown[]).includes(queueMode))
    return {
      ok: false,
      error: invalidParams(METHOD, "at /queueMode: must be equal to one of the allowed values"),
    };
  if (
    expectedLeafEntryId !== undefined &&
    expectedLeafEntryId !== null &&
    (typeof expectedLeafEntryId !== "string" || expectedLeafEntryId === "")
  )
    return {
      ok: false,
      error: invalidParams(METHOD, "at /expectedLeafEntryId: must be string or null"),
    };
  if (typeof message !== "string" || message.trim() === "")
    return {
      ok: false,
      error: errorShape(MOCK_ERROR_CODES.invalidRequest, "message or attachment required"),
    };
  return { ok: true, value: record as SendParams };
}
