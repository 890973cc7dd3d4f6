import { type JSONSchema7, jsonSchema, type Tool, TypeValidationError, tool } from "ai";
import type { AskUserResult } from "../protocol/ask-user-result";
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
} from "../protocol/constants";
import { normalizeAskUserInput } from "../protocol/normalize-ask-user-input";
import { isRecord, joinPath } from "../protocol/parse-support";
import type { ParseIssue, QuestionOption } from "../protocol/types";

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

/** What the page answers the call with: the chosen labels or typed text per question id, or `no_answer`. */
export type AskUserToolOutput = AskUserResult["json"];

/** Options of `askUserTool`. */
export type AskUserToolOptions = {
  /** Replaces the guidance the model reads; the input rules stay the same. */
  description?: string;
};

const DESCRIPTION = [
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

const text = (maxLength: number, description: string): JSONSchema7 => ({
  type: "string",
  minLength: 1,
  maxLength,
  description,
});

const INPUT_SCHEMA: JSONSchema7 = {
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

const OUTPUT_SCHEMA: JSONSchema7 = {
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

function describeRejection(issues: readonly ParseIssue[]): string {
  const listed = issues
    .slice(0, MAX_LISTED_ISSUES)
    .map((issue) => `${issue.path}: ${issue.message}`);
  const rest = issues.length - listed.length;
  if (rest > 0) listed.push(`(${rest} more)`);
  return ["ask_user was not called; fix these fields and call it again:", ...listed].join("\n");
}

type Validation = { success: true; value: AskUserToolInput } | { success: false; error: Error };

/**
 * The error of a rejected call, whose message is the field list alone. The AI SDK wraps any other
 * error of `validate` in a `TypeValidationError` whose message quotes the whole input
 * (`Value: {…}`), and that message is the `error-text` the model reads back: a 100 KB call would
 * cost its size again, what the size check below exists to prevent. `TypeValidationError.wrap`
 * keeps an error that already is one for the same value, so the SDK passes this one on as it is.
 */
function rejection(value: unknown, issues: readonly ParseIssue[]): Error {
  const error = new TypeValidationError({ value, cause: undefined });
  error.message = describeRejection(issues);
  return error;
}

function validate(value: unknown): Validation {
  // Rejected before the rules run: their messages quote ids and labels, and an error that
  // repeats a huge string back to the model would cost as much as the string did.
  const oversized = oversizedStrings(value, "", []);
  if (oversized.length > 0) return { success: false, error: rejection(value, oversized) };
  const result = normalizeAskUserInput(value);
  if (!result.ok) return { success: false, error: rejection(value, result.errors) };
  return {
    success: true,
    // The model's own field names, so the call in the chat history passes this schema again.
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

/** The `ask_user` tool for `streamText` / `generateText`; it has no `execute`, the page answers it. */
export function askUserTool(
  options: AskUserToolOptions = {},
): Tool<AskUserToolInput, AskUserToolOutput> {
  return tool({
    description: options.description ?? DESCRIPTION,
    inputSchema: jsonSchema<AskUserToolInput>(INPUT_SCHEMA, { validate }),
    // Declared, not only for the page's types: a tool with neither `execute` nor an output type
    // is typed `Tool<Input, never>`, which `streamText` rejects under exactOptionalPropertyTypes.
    outputSchema: jsonSchema<AskUserToolOutput>(OUTPUT_SCHEMA),
  });
}
