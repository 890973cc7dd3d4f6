import {
  DEFAULT_TIMEOUT_SECONDS,
  MAX_HEADER_GRAPHEMES,
  MAX_LABEL_LENGTH,
  MAX_OPTIONS,
  MAX_QUESTIONS,
  MAX_TIMEOUT_SECONDS,
  MIN_OPTIONS,
  MIN_QUESTIONS,
  MIN_TIMEOUT_SECONDS,
  QUESTION_ID_PATTERN,
} from "./constants";
import { normalizeAskUserInput } from "./normalize-ask-user-input";
import { isRecord, joinPath } from "./parse-support";
import type { ParseIssue, QuestionOption } from "./types";

/** A JSON Schema object, as tool definitions of agent SDKs take it. */
export type JsonSchemaObject = { [key: string]: unknown };

/** Longest string the tool accepts in any field of its input, in characters. */
export const MAX_ASK_USER_TEXT_LENGTH = 2000;

/** Most field errors one rejected call lists; the rest are counted. */
const MAX_LISTED_ISSUES = 20;

/** One question of a validated `ask_user` call, in the fields the model wrote. */
export type AskUserToolQuestion = {
  id: string;
  header: string;
  question: string;
  options: QuestionOption[];
  multiSelect?: true;
};

/** A validated `ask_user` call: trimmed, header clamped, timeout defaulted and clamped. */
export type AskUserToolInput = { questions: AskUserToolQuestion[]; timeoutSeconds: number };

export const ASK_USER_TOOL_DESCRIPTION = [
  `Put ${MIN_QUESTIONS} to ${MAX_QUESTIONS} multiple-choice questions to the user and wait for the answers.`,
  "Use it only for a decision that is the user's to make or for facts you cannot find",
  "yourself, not to confirm routine steps; one question is usually enough.",
  `Give each question a snake_case id, a header of at most ${MAX_HEADER_GRAPHEMES} characters,`,
  `one short sentence, and ${MIN_OPTIONS} to ${MAX_OPTIONS} distinct options with brief labels and an optional description.`,
  'List the option you recommend first and end its label with " (Recommended)".',
  'The user may always type an answer of their own, so never add an "Other" option.',
  "Set multiSelect when several options may apply together.",
  "The result holds the chosen labels or the typed text per question id; when it reports",
  "no_answer, carry on with your best judgment.",
].join(" ");

const text = (maxLength: number, description: string): JsonSchemaObject => ({
  type: "string",
  minLength: 1,
  maxLength,
  description,
});

export const ASK_USER_INPUT_SCHEMA: JsonSchemaObject = {
  type: "object",
  additionalProperties: false,
  required: ["questions"],
  properties: {
    questions: {
      type: "array",
      minItems: MIN_QUESTIONS,
      maxItems: MAX_QUESTIONS,
      items: {
        type: "object",
        additionalProperties: false,
        required: ["id", "header", "question", "options"],
        properties: {
          id: {
            type: "string",
            pattern: QUESTION_ID_PATTERN.source,
            maxLength: MAX_ASK_USER_TEXT_LENGTH,
            description: "Unique snake_case key for the answer, such as deploy_target.",
          },
          header: text(
            MAX_ASK_USER_TEXT_LENGTH,
            `Short label, shown cut to ${MAX_HEADER_GRAPHEMES} characters.`,
          ),
          question: text(MAX_ASK_USER_TEXT_LENGTH, "The question, in one sentence."),
          options: {
            type: "array",
            minItems: MIN_OPTIONS,
            maxItems: MAX_OPTIONS,
            items: {
              type: "object",
              additionalProperties: false,
              required: ["label"],
              properties: {
                label: text(MAX_LABEL_LENGTH, "What the user picks; unique within the question."),
                description: {
                  type: "string",
                  maxLength: MAX_ASK_USER_TEXT_LENGTH,
                  description: "What choosing it means, when the label does not say.",
                },
              },
            },
          },
          multiSelect: { type: "boolean", description: "True when several options may apply." },
        },
      },
    },
    timeoutSeconds: {
      type: "integer",
      description: `Seconds to wait for an answer: ${DEFAULT_TIMEOUT_SECONDS} when left out, kept within ${MIN_TIMEOUT_SECONDS} to ${MAX_TIMEOUT_SECONDS}.`,
    },
  },
};

export const ASK_USER_OUTPUT_SCHEMA: JsonSchemaObject = {
  oneOf: [
    {
      type: "object",
      additionalProperties: false,
      required: ["status", "answers"],
      properties: {
        status: { const: "answered" },
        answers: {
          type: "object",
          additionalProperties: false,
          required: ["answers"],
          properties: {
            answers: {
              type: "object",
              additionalProperties: { type: "array", items: { type: "string" } },
            },
          },
        },
      },
    },
    {
      type: "object",
      additionalProperties: false,
      required: ["status"],
      properties: { status: { const: "no_answer" } },
    },
  ],
};

/** Paths of strings longer than the limit, in the normalizer's path format. */
function oversizedStrings(value: unknown, path: string, issues: ParseIssue[]): ParseIssue[] {
  if (typeof value === "string") {
    if (value.length > MAX_ASK_USER_TEXT_LENGTH) {
      issues.push({
        path: path === "" ? "(root)" : path,
        message: `must be at most ${MAX_ASK_USER_TEXT_LENGTH} characters, got ${value.length}`,
      });
    }
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => {
      oversizedStrings(item, joinPath(path, index), issues);
    });
  } else if (isRecord(value)) {
    for (const [key, item] of Object.entries(value))
      oversizedStrings(item, joinPath(path, key), issues);
  }
  return issues;
}

export function describeRejection(issues: readonly ParseIssue[]): string {
  const listed = issues
    .slice(0, MAX_LISTED_ISSUES)
    .map((issue) => `${issue.path}: ${issue.message}`);
  const rest = issues.length - listed.length;
  if (rest > 0) listed.push(`(${rest} more)`);
  return ["ask_user was not called; fix these fields and call it again:", ...listed].join("\n");
}

/**
 * Checks an `ask_user` call's input: strings over the size limit first (the rules' messages quote
 * ids and labels, and an error repeating a huge string back to the model would cost as much as
 * the string did), then the contract. The value is in the model's own field names, so the call in
 * the chat history passes the schema again.
 */
/**
 * Objects whose prototype was set from the input: a `__proto__` key that a copy on the way (an
 * assign or a spread) turned into the prototype, where no own-key check can see it.
 */
function foreignPrototypes(value: unknown, path: string, issues: ParseIssue[]): ParseIssue[] {
  if (Array.isArray(value)) {
    value.forEach((item, index) => {
      foreignPrototypes(item, joinPath(path, index), issues);
    });
  } else if (isRecord(value)) {
    const prototype: unknown = Object.getPrototypeOf(value);
    if (prototype !== Object.prototype && prototype !== null)
      issues.push({ path: joinPath(path, "__proto__"), message: "is not an allowed property" });
    for (const [key, item] of Object.entries(value))
      foreignPrototypes(item, joinPath(path, key), issues);
  }
  return issues;
}

export function checkAskUserToolInput(
  value: unknown,
): { ok: true; value: AskUserToolInput } | { ok: false; issues: ParseIssue[] } {
  const oversized = oversizedStrings(value, "", []);
  if (oversized.length > 0) return { ok: false, issues: oversized };
  const prototypes = foreignPrototypes(value, "", []);
  if (prototypes.length > 0) return { ok: false, issues: prototypes };
  const result = normalizeAskUserInput(value);
  if (!result.ok) return { ok: false, issues: result.errors };
  return {
    ok: true,
    value: {
      questions: result.value.questions.map((question) => ({
        id: question.questionId,
        header: question.header,
        question: question.question,
        options: question.options,
        ...(question.multiSelect === true ? { multiSelect: true as const } : {}),
      })),
      timeoutSeconds: result.value.timeoutSeconds,
    },
  };
}
