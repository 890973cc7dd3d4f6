import {
  MAX_HEADER_GRAPHEMES,
  MAX_OPTIONS,
  MAX_QUESTIONS,
  MIN_QUESTIONS,
  QUESTION_ID_PATTERN,
} from "../protocol/constants";
import type { GatewayErrorShape, Question, QuestionAnswers } from "../protocol/types";
import { errorShape, invalidParams, MOCK_ERROR_CODES } from "./mock-errors";
import { checkObject, type ObjectRule } from "./mock-schema";

/** Validated `question.request` params. */
export type RequestParams = {
  id?: string;
  questions: Question[];
  agentId?: string;
  sessionKey?: string;
  runId?: string;
  timeoutMs?: number;
};

type Parsed<T> = { ok: true; value: T } | { ok: false; error: GatewayErrorShape };

const NON_EMPTY = { kind: "string", minLength: 1 } as const;
const POSITIVE_INTEGER = { kind: "integer", minimum: 1 } as const;

const REQUEST_RULE: ObjectRule = {
  fields: {
    id: NON_EMPTY,
    questions: { kind: "any" },
    agentId: NON_EMPTY,
    sessionKey: NON_EMPTY,
    runId: NON_EMPTY,
    timeoutMs: POSITIVE_INTEGER,
  },
  required: ["questions"],
};

const QUESTION_RULE: ObjectRule = {
  fields: {
    questionId: { kind: "string", minLength: 1, pattern: QUESTION_ID_PATTERN },
    header: { kind: "string", maxLength: MAX_HEADER_GRAPHEMES },
    question: NON_EMPTY,
    url: NON_EMPTY,
    options: { kind: "any" },
    multiSelect: { kind: "boolean" },
    isOther: { kind: "boolean" },
    isSecret: { kind: "boolean" },
  },
  required: ["questionId", "header", "question", "options"],
};

const OPTION_RULE: ObjectRule = {
  fields: { label: NON_EMPTY, description: { kind: "string" } },
  required: ["label"],
};

const WAIT_RULE: ObjectRule = {
  fields: { id: NON_EMPTY, timeoutMs: POSITIVE_INTEGER, includeResolutionId: { kind: "boolean" } },
  required: ["id"],
};
const GET_RULE: ObjectRule = { fields: { id: NON_EMPTY }, required: ["id"] };
const LIST_RULE: ObjectRule = { fields: {}, required: [] };
const RESOLVE_ANSWER_RULE: ObjectRule = {
  fields: {
    id: NON_EMPTY,
    answers: { kind: "any" },
    resolvedBy: { kind: "string" },
    resolutionId: NON_EMPTY,
  },
  required: ["id", "answers"],
};
const RESOLVE_CANCEL_RULE: ObjectRule = {
  fields: {
    id: NON_EMPTY,
    cancel: { kind: "boolean", constant: true },
    resolvedBy: { kind: "string" },
  },
  required: ["id", "cancel"],
};

function fail<T>(method: string, issue: string): Parsed<T> {
  return { ok: false, error: invalidParams(method, issue) };
}

function checkList(value: unknown, path: string, min: number, max: number): string | null {
  if (!Array.isArray(value)) return `at ${path}: must be array`;
  if (value.length < min) return `at ${path}: must not have fewer than ${min} items`;
  if (value.length > max) return `at ${path}: must not have more than ${max} items`;
  return null;
}

/** Validates `question.request` params: schema first, then the shape rules. */
export function parseRequestParams(params: unknown): Parsed<RequestParams> {
  const method = "question.request";
  const rootIssue = checkObject(params ?? {}, REQUEST_RULE, "");
  if (rootIssue !== null) return fail(method, rootIssue);
  const record = params as Record<string, unknown>;
  const listIssue = checkList(record.questions, "/questions", MIN_QUESTIONS, MAX_QUESTIONS);
  if (listIssue !== null) return fail(method, listIssue);
  const questions = record.questions as unknown[];
  for (const [index, question] of questions.entries()) {
    const path = `/questions/${index}`;
    const issue = checkObject(question, QUESTION_RULE, path);
    if (issue !== null) return fail(method, issue);
    const options = (question as Record<string, unknown>).options;
    const optionsIssue = checkList(options, `${path}/options`, 0, MAX_OPTIONS);
    if (optionsIssue !== null) return fail(method, optionsIssue);
    for (const [optionIndex, option] of (options as unknown[]).entries()) {
      const optionIssue = checkObject(option, OPTION_RULE, `${path}/options/${optionIndex}`);
      if (optionIssue !== null) return fail(method, optionIssue);
    }
  }
  const value = record as RequestParams;
  const shapeIssue = questionShapeIssue(value.questions);
  if (shapeIssue !== null) {
    return { ok: false, error: errorShape(MOCK_ERROR_CODES.invalidRequest, shapeIssue) };
  }
  return { ok: true, value };
}

function questionShapeIssue(questions: Question[]): string | null {
  const seen = new Set<string>();
  for (const question of questions) {
    const id = question.questionId;
    if (seen.has(id)) return `duplicate question id '${id}'`;
    seen.add(id);
    if (question.url !== undefined && !isPlainHttpUrl(question.url)) {
      return `question '${id}' requires an absolute HTTP(S) URL without credentials`;
    }
    if (question.options.length === 1) {
      return `question '${id}' must have either no options or 2 to 4 options`;
    }
    if (question.isSecret === true)
      return `question '${id}': secret questions are not supported yet`;
    const labels = new Set<string>();
    for (const option of question.options) {
      const normalized = option.label.trim().toLowerCase();
      if (labels.has(normalized))
        return `question '${id}' has duplicate option label '${option.label}'`;
      labels.add(normalized);
    }
  }
  return null;
}

function isPlainHttpUrl(text: string): boolean {
  if (!/^https?:\/\//i.test(text)) return false;
  try {
    const url = new URL(text);
    return url.username === "" && url.password === "";
  } catch {
    return false;
  }
}

/** Validates `question.waitAnswer` params. */
export function parseWaitParams(
  params: unknown,
): Parsed<{ id: string; timeoutMs?: number; includeResolutionId?: boolean }> {
  const issue = checkObject(params ?? {}, WAIT_RULE, "");
  return issue === null
    ? { ok: true, value: params as { id: string; timeoutMs?: number } }
    : fail("question.waitAnswer", issue);
}

/** Validates `question.get` params. */
export function parseGetParams(params: unknown): Parsed<{ id: string }> {
  const issue = checkObject(params ?? {}, GET_RULE, "");
  return issue === null
    ? { ok: true, value: params as { id: string } }
    : fail("question.get", issue);
}

/** Validates `question.list` params: strictly `{}` (or absent). */
export function parseListParams(params: unknown): Parsed<Record<string, never>> {
  const issue = checkObject(params ?? {}, LIST_RULE, "");
  return issue === null ? { ok: true, value: {} } : fail("question.list", issue);
}

/** Validated `question.resolve` params: answers or cancel. */
export type ResolveParams =
  | {
      kind: "answer";
      id: string;
      answers: QuestionAnswers;
      resolvedBy?: string;
      resolutionId?: string;
    }
  | { kind: "cancel"; id: string; resolvedBy?: string };

/** Validates `question.resolve` params (one of two closed shapes). */
export function parseResolveParams(params: unknown): Parsed<ResolveParams> {
  const value = params ?? {};
  const answerIssue = checkObject(value, RESOLVE_ANSWER_RULE, "");
  if (answerIssue === null) {
    const record = value as Record<string, unknown>;
    const answersIssue = answersShapeIssue(record.answers);
    if (answersIssue !== null) return fail("question.resolve", answersIssue);
    return {
      ok: true,
      value: { kind: "answer", ...(record as Omit<ResolveParams & { kind: "answer" }, "kind">) },
    };
  }
  const cancelIssue = checkObject(value, RESOLVE_CANCEL_RULE, "");
  if (cancelIssue === null) {
    const record = value as { id: string; resolvedBy?: string };
    return {
      ok: true,
      value: {
        kind: "cancel",
        id: record.id,
        ...(record.resolvedBy === undefined ? {} : { resolvedBy: record.resolvedBy }),
      },
    };
  }
  return fail("question.resolve", `${answerIssue}; ${cancelIssue}; must match a schema in anyOf`);
}

function answersShapeIssue(answers: unknown): string | null {
  const rootIssue = checkObject(
    answers,
    { fields: { answers: { kind: "any" } }, required: ["answers"] },
    "/answers",
  );
  if (rootIssue !== null) return rootIssue;
  const map = (answers as { answers: unknown }).answers;
  if (typeof map !== "object" || map === null || Array.isArray(map))
    return "at /answers/answers: must be object";
  for (const [key, values] of Object.entries(map)) {
    if (!Array.isArray(values) || values.some((item) => typeof item !== "string")) {
      return `at /answers/answers/${key}: must be array of strings`;
    }
  }
  return null;
}
