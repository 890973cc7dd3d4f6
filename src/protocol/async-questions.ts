// OpenClaw's async (optional) questions: an assistant message carrying `openclawAsyncDelivery`,
// answered by an ordinary chat message in a fixed quoted form that names the question's message.
import { MIN_ASYNC_OPTIONS } from "./constants";
import { isRecord } from "./parse-support";

/** Limits OpenClaw sets on an async question (a message outside them is not one). */
export const ASYNC_LIMITS = {
  itemIdChars: 256,
  titleChars: 4096,
  optionChars: 256,
  minQuestions: 1,
  maxQuestions: 12,
  minOptions: MIN_ASYNC_OPTIONS,
  maxOptions: 4,
  /** A title is quoted in the answer cut to this many UTF-8 bytes. */
  quotedTitleBytes: 512,
} as const;

/** One question of an async question message. */
export type AsyncQuestion = { title: string; options?: string[] };

/** An async question message, as read from `session.message` or `chat.history`. */
export type AsyncQuestionMessage = {
  /** The harness's item id: stable across a reload and between clients. */
  itemId: string;
  /** The message's own id (`__openclaw.id`): an answer's `replyToId`. */
  messageId: string | null;
  /** The run that asked (`__openclaw.runId`). */
  runId: string | null;
  /** The message's place in the session (`__openclaw.seq`). */
  seq: number | null;
  /** When the message was written (ms), when the message says. */
  timestampMs: number | null;
  questions: AsyncQuestion[];
};

function isBoundedText(value: unknown, maxChars: number): value is string {
  return typeof value === "string" && value.length <= maxChars && value.trim() !== "";
}

function readQuestion(value: unknown): AsyncQuestion | null {
  if (!isRecord(value) || !isBoundedText(value.title, ASYNC_LIMITS.titleChars)) return null;
  if (value.options === undefined) return { title: value.title };
  const { options } = value;
  if (
    !Array.isArray(options) ||
    options.length < ASYNC_LIMITS.minOptions ||
    options.length > ASYNC_LIMITS.maxOptions ||
    !options.every((option) => isBoundedText(option, ASYNC_LIMITS.optionChars))
  )
    return null;
  return { title: value.title, options: [...options] };
}

/** The `__openclaw` metadata the gateway adds to a stored message. */
export function messageMetaOf(message: unknown): {
  id: string | null;
  runId: string | null;
  seq: number | null;
  replyToId: string | null;
} {
  const meta = isRecord(message) && isRecord(message.__openclaw) ? message.__openclaw : {};
  const text = (value: unknown) => (typeof value === "string" && value !== "" ? value : null);
  return {
    id: text(meta.id),
    runId: text(meta.runId),
    seq: typeof meta.seq === "number" && Number.isFinite(meta.seq) ? meta.seq : null,
    replyToId: typeof meta.replyToId === "string" ? text(meta.replyToId.trim()) : null,
  };
}

/**
 * The async question a message carries, or null: only an assistant message whose
 * `openclawAsyncDelivery` keeps every limit is one (OpenClaw ignores the others too).
 */
export function readAsyncQuestionMessage(message: unknown): AsyncQuestionMessage | null {
  if (!isRecord(message) || message.role !== "assistant") return null;
  const delivery = message.openclawAsyncDelivery;
  if (!isRecord(delivery) || !isBoundedText(delivery.itemId, ASYNC_LIMITS.itemIdChars)) return null;
  const { questions } = delivery;
  if (
    !Array.isArray(questions) ||
    questions.length < ASYNC_LIMITS.minQuestions ||
    questions.length > ASYNC_LIMITS.maxQuestions
  )
    return null;
  const read = questions.map(readQuestion);
  if (read.some((question) => question === null)) return null;
  const meta = messageMetaOf(message);
  const timestamp = message.timestamp;
  return {
    itemId: delivery.itemId,
    messageId: meta.id,
    runId: meta.runId,
    seq: meta.seq,
    timestampMs: typeof timestamp === "number" && Number.isFinite(timestamp) ? timestamp : null,
    questions: read as AsyncQuestion[],
  };
}

/** A title as the answer quotes it: at most 512 UTF-8 bytes, whole code points, no line breaks. */
export function quoteTitle(title: string): string {
  const encoder = new TextEncoder();
  let kept = "";
  let bytes = 0;
  for (const char of title) {
    bytes += encoder.encode(char).length;
    if (bytes > ASYNC_LIMITS.quotedTitleBytes) break;
    kept += char;
  }
  return `> ${kept.replace(/[\r\n]/g, " ")}`;
}

/**
 * The chat message that answers an async question, in the form OpenClaw's Control UI sends and
 * reads back: per question its quoted title, a blank line and its answers joined with ", ".
 */
export function formatAsyncAnswer(
  questions: readonly AsyncQuestion[],
  answers: readonly (readonly string[])[],
): string {
  return questions
    .map(
      (question, index) => `${quoteTitle(question.title)}\n\n${(answers[index] ?? []).join(", ")}`,
    )
    .join("\n\n");
}

/**
 * The answers a chat message gives an async question when it is in the quoted form (each
 * question's text, or its options when the text is exactly some of them), else null.
 */
export function parseAsyncAnswer(
  questions: readonly AsyncQuestion[],
  text: string,
): string[][] | null {
  const parts: string[] = [];
  let at = 0;
  for (const [index, question] of questions.entries()) {
    const opening = `${quoteTitle(question.title)}\n\n`;
    if (!text.startsWith(opening, at)) return null;
    at += opening.length;
    const next = questions[index + 1];
    if (next === undefined) {
      parts.push(text.slice(at));
      at = text.length;
      break;
    }
    const separator = `\n\n${quoteTitle(next.title)}\n\n`;
    const end = text.indexOf(separator, at);
    if (end < at || text.includes(separator, end + separator.length)) return null;
    parts.push(text.slice(at, end));
    at = end + 2;
  }
  if (at !== text.length || parts.some((part) => part.trim() === "")) return null;
  return parts.map((part, index) => {
    const options = questions[index]?.options ?? [];
    const chosen = part.split(", ");
    return chosen.every((label) => options.includes(label)) ? chosen : [part];
  });
}
