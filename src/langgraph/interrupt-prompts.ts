// Reading interrupts into the dock's prompts (an `ask_user` call, a review, a form), a chunk of its
// own: the thread source loads it as it is made, and a page ships none of it up front.
import { formContentOf, readFormSchema } from "../protocol/form-schema";
import { normalizeAskUserInput } from "../protocol/normalize-ask-user-input";
import { isRecord } from "../protocol/parse-support";
import type { ParseIssue, QuestionAnswers, QuestionRecord } from "../protocol/types";
import type { LocalQuestionHandlers } from "../store/local-source";
import type { AnswerCheck } from "../store/question-source";
import {
  ASK_USER_TOOL_NAME,
  type ReviewAction,
  readHeadlessToolRequest,
  readReviewRequest,
  type ThreadInterrupt,
} from "./interrupt-shapes";
import {
  DEFAULT_REVIEW_WORDS,
  type ReviewWords,
  reviewDecisions,
  reviewQuestions,
} from "./review-prompt";

// A review or a form waits as long as the thread does: the graph has no deadline for it.
const NO_DEADLINE_MS = 7 * 24 * 3_600_000;

function describeIssues(issues: readonly ParseIssue[]): string[] {
  return issues.map((issue) => `${issue.path}: ${issue.message}`);
}

/** What an interrupt becomes: the dock's questions and how each answer resumes the run. */
export type Prompt = {
  questions: QuestionRecord["questions"];
  timeoutMs: number;
  message?: string;
  handlers: (resume: (value: unknown) => Promise<void>) => LocalQuestionHandlers;
  check?: AnswerCheck;
  /** A review's tool calls, in action order. */
  actions?: ReviewAction[];
};

/** The prompts of a thread's interrupts, with the review words they use. */
export type PromptReader = {
  words: ReviewWords;
  /** The interrupt's prompt; its issues when the kit reads it but it is broken; null when unknown. */
  promptOf(interrupt: ThreadInterrupt): Prompt | { issues: string[] } | null;
};

/** Reads interrupts as `toolName`'s calls, reviews and forms, in `reviewWords`. */
export function createPromptReader(
  toolName = ASK_USER_TOOL_NAME,
  reviewWords: ReviewWords = DEFAULT_REVIEW_WORDS,
): PromptReader {
  const words = reviewWords;
  const askUserPrompt = (input: unknown): Prompt | ParseIssue[] => {
    const normalized = normalizeAskUserInput(input);
    if (!normalized.ok) return normalized.errors;
    const result = (json: unknown) => (resume: (value: unknown) => Promise<void>) => () =>
      resume(json);
    return {
      questions: normalized.value.questions,
      timeoutMs: normalized.value.timeoutSeconds * 1000,
      handlers: (resume) => ({
        answer: (answers: QuestionAnswers) => resume({ status: "answered", answers }),
        decline: result({ status: "no_answer" })(resume),
        expire: result({ status: "no_answer" })(resume),
      }),
    };
  };

  const promptOf = (interrupt: ThreadInterrupt): Prompt | { issues: string[] } | null => {
    const value = interrupt.value;
    const headless = readHeadlessToolRequest(value);
    if (headless !== null) {
      if (headless.toolCall.name !== toolName) return null;
      const prompt = askUserPrompt(headless.toolCall.args);
      return Array.isArray(prompt) ? { issues: describeIssues(prompt) } : prompt;
    }
    const actions = readReviewRequest(value);
    if (actions !== null) {
      const { steps, questions, message } = reviewQuestions(actions, words);
      const decide = (answers: QuestionAnswers) => reviewDecisions(steps, answers, words);
      const everyone = (type: "reject") => actions.map(() => ({ type }));
      return {
        questions,
        message,
        actions,
        timeoutMs: NO_DEADLINE_MS,
        check: (answers) => {
          const decided = decide(answers);
          return decided.ok ? new Map() : decided.issues;
        },
        handlers: (resume) => ({
          answer: (answers) => {
            const decided = decide(answers);
            if (!decided.ok) throw new Error("the decisions do not fit the review");
            return resume({ decisions: decided.decisions });
          },
          decline: () => resume({ decisions: everyone("reject") }),
          // The graph waits with no deadline; the far one here is never meant to pass.
          expire: () => undefined,
        }),
      };
    }
    if (isRecord(value) && Array.isArray(value.questions)) {
      const prompt = askUserPrompt(value);
      return Array.isArray(prompt) ? { issues: describeIssues(prompt) } : prompt;
    }
    if (isRecord(value) && isRecord(value.requestedSchema)) {
      const form = readFormSchema(value.requestedSchema);
      if (!form.ok) return { issues: form.reasons };
      return {
        questions: form.properties.map((property) => property.question),
        ...(typeof value.message === "string" ? { message: value.message } : {}),
        timeoutMs: NO_DEADLINE_MS,
        handlers: (resume) => ({
          answer: (answers) =>
            resume({ action: "accept", content: formContentOf(form.properties, answers) }),
          decline: () => resume({ action: "decline" }),
          expire: () => resume({ action: "cancel" }),
        }),
      };
    }
    return null;
  };

  return { words, promptOf };
}
