import { MAX_FORM_FIELDS, MAX_QUESTIONS, MIN_QUESTIONS } from "./constants";
import { parseAnswers, parseQuestion } from "./parse-question";
import { describeKind, IssueCollector } from "./parse-support";
import type { ParseResult, Question, QuestionRecord, QuestionStatus, RecordOrigin } from "./types";

const STATUSES: readonly QuestionStatus[] = ["pending", "answered", "cancelled", "expired"];

function isStatus(value: unknown): value is QuestionStatus {
  return STATUSES.some((status) => status === value);
}

function parseQuestions(
  value: unknown,
  issues: IssueCollector,
  origin: RecordOrigin | undefined,
): Question[] | null {
  if (!Array.isArray(value)) {
    issues.add("questions", `must be an array, got ${describeKind(value)}`);
    return null;
  }
  // `ask_user` asks 1 to 3; a form (every question a typed field) and a local source's prompt
  // (a review of several tool calls) may hold many.
  const isForm =
    value.length > 0 &&
    value.every((item) => typeof item === "object" && item !== null && "field" in item);
  const most = isForm || origin !== undefined ? MAX_FORM_FIELDS : MAX_QUESTIONS;

  if (value.length < MIN_QUESTIONS || value.length > most) {
    issues.add("questions", `needs ${MIN_QUESTIONS} to ${most} questions, got ${value.length}`);
    return null;
  }
  const questions: Question[] = [];
  const seenIds = new Set<string>();
  value.forEach((item, index) => {
    const question = parseQuestion(item, `questions[${index}]`, issues, origin === "async");
    if (question === null) return;
    if (seenIds.has(question.questionId)) {
      issues.add(
        `questions[${index}].questionId`,
        `duplicate question id '${question.questionId}'`,
      );
      return;
    }
    seenIds.add(question.questionId);
    questions.push(question);
  });
  return questions.length === value.length ? questions : null;
}

const ORIGINS: readonly RecordOrigin[] = ["mcp", "chat", "async"];

/** Parses a gateway question record: unknown fields ignored, a long header clamped, anything else the protocol forbids rejected. */
export function parseQuestionRecord(value: unknown): ParseResult<QuestionRecord> {
  const issues = new IssueCollector();
  if (!issues.requireRecord(value, "")) return { ok: false, issues: issues.issues };
  const id = issues.requireString(value.id, "id", { nonEmpty: true });
  // A local source's own fields: an unknown origin is ignored like any unknown field.
  const origin = ORIGINS.find((candidate) => candidate === value.origin);
  const questions = parseQuestions(value.questions, issues, origin);
  const agentId = issues.optionalString(value.agentId, "agentId", { nonEmpty: true });
  const sessionKey = issues.optionalString(value.sessionKey, "sessionKey", { nonEmpty: true });
  const runId = issues.optionalString(value.runId, "runId", { nonEmpty: true });
  const createdAtMs = issues.requireInteger(value.createdAtMs, "createdAtMs", 0);
  const expiresAtMs = issues.requireInteger(value.expiresAtMs, "expiresAtMs", 0);
  if (!isStatus(value.status)) {
    issues.add("status", `must be one of ${STATUSES.join(", ")}`);
  }
  const answers =
    value.answers === undefined ? undefined : parseAnswers(value.answers, "answers", issues);
  const resolvedBy = issues.optionalString(value.resolvedBy, "resolvedBy", { nonEmpty: true });
  const message = issues.optionalString(value.message, "message", { nonEmpty: true });
  if (!issues.isEmpty || id === null || questions === null || createdAtMs === null) {
    return { ok: false, issues: issues.issues };
  }
  if (expiresAtMs === null || !isStatus(value.status) || answers === null) {
    return { ok: false, issues: issues.issues };
  }
  return {
    ok: true,
    ...(issues.warnings.length === 0 ? {} : { warnings: issues.warnings }),
    value: {
      id,
      questions,
      ...(agentId === undefined ? {} : { agentId }),
      ...(sessionKey === undefined ? {} : { sessionKey }),
      ...(runId === undefined ? {} : { runId }),
      createdAtMs,
      expiresAtMs,
      status: value.status,
      ...(answers === undefined ? {} : { answers }),
      ...(resolvedBy === undefined ? {} : { resolvedBy }),
      ...(origin === undefined ? {} : { origin }),
      ...(message === undefined ? {} : { message }),
    },
  };
}
