// What an AG-UI agent asks, read into the dock's prompts: a frontend `ask_user` call, an
// `ask_user` interrupt, and an interrupt with `message` + `responseSchema` (a form).
import { checkAskUserToolInput, describeRejection } from "../protocol/ask-user-tool-contract";
import { type FormProperty, formContentOf, readFormSchema } from "../protocol/form-schema";
import { normalizeAskUserInput } from "../protocol/normalize-ask-user-input";
import { isRecord } from "../protocol/parse-support";
import type { QuestionAnswers, QuestionRecord } from "../protocol/types";
import type { AgUiInterrupt, AgUiMessage, AgUiToolCall } from "./agent-shapes";

/** A form or an interrupt with no deadline of its own waits as long as the thread does. */
const NO_DEADLINE_MS = 7 * 24 * 3_600_000;

/** The dock's questions for one call or interrupt, and the answer each outcome sends. */
export type AgentPrompt = {
  questions: QuestionRecord["questions"];
  message?: string;
  /** How long it waits from when it was first seen, unless `expiresAtMs` says. */
  timeoutMs: number;
  expiresAtMs?: number;
  /** The value an answer sends: a tool result or a resume payload. */
  answered(answers: QuestionAnswers): unknown;
  /** For a form: the properties its content is built from. */
  properties?: FormProperty[];
};

/** A prompt, the issues of one the kit reads but cannot show, or null for one it does not read. */
export type PromptReading = AgentPrompt | { issues: string[] } | null;

/** Every tool call of the thread, by id. */
export function toolCallsById(messages: readonly AgUiMessage[]): Map<string, AgUiToolCall> {
  const calls = new Map<string, AgUiToolCall>();
  for (const message of messages)
    for (const call of message.toolCalls ?? [])
      if (typeof call.id === "string") calls.set(call.id, call);
  return calls;
}

/** The tool messages of the thread, by the call they answer (the first one of each). */
export function toolResultsById(messages: readonly AgUiMessage[]): Map<string, AgUiMessage> {
  const results = new Map<string, AgUiMessage>();
  for (const message of messages)
    if (message.role === "tool" && typeof message.toolCallId === "string")
      if (!results.has(message.toolCallId)) results.set(message.toolCallId, message);
  return results;
}

/** An `ask_user` input, parsed from a call's JSON arguments or taken as it is. */
export function askUserPrompt(input: unknown): PromptReading {
  let value = input;
  if (typeof input === "string") {
    try {
      value = JSON.parse(input);
    } catch {
      return { issues: ["(root): the arguments are not JSON"] };
    }
  }
  // The tool's own guard first (sizes, foreign prototypes), then the input rules.
  const checked = checkAskUserToolInput(value);
  const normalized = checked.ok ? normalizeAskUserInput(value) : null;
  if (!checked.ok || normalized === null || !normalized.ok)
    return { issues: [describeRejection(checked.ok ? [] : checked.issues)] };
  return {
    questions: normalized.value.questions,
    timeoutMs: normalized.value.timeoutSeconds * 1000,
    answered: (answers) => ({ status: "answered", answers }),
  };
}

/**
 * The `ask_user` input an interrupt carries: LangGraph's raw value, or the metadata. Only its
 * questions and timeout: the value's other keys (`reason`, ...) are the carrier's, not the input's.
 */
function carriedQuestions(interrupt: AgUiInterrupt): unknown {
  const langgraph = interrupt.metadata?.langgraph;
  const raw = isRecord(langgraph) ? langgraph.raw : undefined;
  const carrier = isRecord(raw) && Array.isArray(raw.questions) ? raw : interrupt.metadata;
  if (!isRecord(carrier) || !Array.isArray(carrier.questions)) return undefined;
  const { questions, timeoutSeconds } = carrier;
  return timeoutSeconds === undefined ? { questions } : { questions, timeoutSeconds };
}

/** A form from `message` + `responseSchema`, read with the MCP form rules. */
function formPrompt(interrupt: AgUiInterrupt): PromptReading {
  const form = readFormSchema(interrupt.responseSchema);
  if (!form.ok) return { issues: form.reasons.map((reason) => `responseSchema: ${reason}`) };
  return {
    questions: form.properties.map((property) => property.question),
    ...(interrupt.message === undefined || interrupt.message.trim() === ""
      ? {}
      : { message: interrupt.message }),
    timeoutMs: NO_DEADLINE_MS,
    properties: form.properties,
    answered: (answers) => formContentOf(form.properties, answers),
  };
}

/** The deadline an interrupt names, in epoch ms, when it names a readable one. */
function deadlineOf(interrupt: AgUiInterrupt): number | undefined {
  if (typeof interrupt.expiresAt !== "string") return undefined;
  const ms = Date.parse(interrupt.expiresAt);
  return Number.isFinite(ms) ? ms : undefined;
}

/**
 * An interrupt's prompt: `ask_user` (its call's arguments at `toolCallId`, else questions it
 * carries), else a form (`message` + `responseSchema`); null for one the kit does not read.
 */
export function interruptPrompt(
  interrupt: AgUiInterrupt,
  calls: ReadonlyMap<string, AgUiToolCall>,
  toolName: string,
): PromptReading {
  const call = interrupt.toolCallId === undefined ? undefined : calls.get(interrupt.toolCallId);
  const carried = carriedQuestions(interrupt);
  let prompt: PromptReading = null;
  if (call?.function.name === toolName) prompt = askUserPrompt(call.function.arguments);
  else if (carried !== undefined) prompt = askUserPrompt(carried);
  else if (interrupt.reason === toolName)
    return { issues: ["the interrupt names no tool call and carries no questions"] };
  else if (isRecord(interrupt.responseSchema)) prompt = formPrompt(interrupt);
  if (prompt === null || "issues" in prompt) return prompt;
  const expiresAtMs = deadlineOf(interrupt);
  const message =
    prompt.message ??
    (typeof interrupt.message === "string" && interrupt.message.trim() !== "" && call === undefined
      ? interrupt.message
      : undefined);
  return {
    ...prompt,
    ...(message === undefined ? {} : { message }),
    ...(expiresAtMs === undefined ? {} : { expiresAtMs }),
  };
}
