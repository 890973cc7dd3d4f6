// The `ask_user` tool's definition as agent SDKs take it: its guidance and its input and output
// schemas, apart from the checks, so a page that only offers the tool ships no more than this.
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

/** A JSON Schema object, as tool definitions of agent SDKs take it. */
export type JsonSchemaObject = { [key: string]: unknown };

/** Longest string the tool accepts in any field of its input, in characters. */
export const MAX_ASK_USER_TEXT_LENGTH = 2000;

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
