import { type FieldIssue, fieldIssue } from "../protocol/form-field";
import type { Question, QuestionRecord } from "../protocol/types";
import { draftToAnswers, EMPTY_PROMPT_DRAFT } from "./draft-values";
import type { AnswerCheck } from "./question-source";
import type { PromptDraft, QuestionStoreState } from "./types";

/** Each question's broken rule (null when its answer may be sent), in question order. */
export type AnswerIssues = readonly (FieldIssue | null)[];

type Cached = { check: AnswerCheck | undefined; issues: AnswerIssues };

const NONE: AnswerIssues = [];

// Selectors run on every store change and render; a prompt's issues change only with its record
// or its draft (both replaced, never mutated), so they are worked out once per pair.
const cache = new WeakMap<QuestionRecord, WeakMap<PromptDraft, Cached>>();

function issuesOf(
  record: QuestionRecord,
  draft: PromptDraft,
  check: AnswerCheck | undefined,
): AnswerIssues {
  const answers = draftToAnswers(record, draft);
  if (check === undefined)
    return record.questions.map((question) =>
      fieldIssue(question, answers.answers[question.questionId] ?? []),
    );
  const found = check(answers);
  return record.questions.map((question) => found.get(question.questionId) ?? null);
}

/**
 * Why each question's answer cannot be sent yet, or null: the kit's field rules, or, for a prompt
 * whose source checks its answers itself (an MCP form), that check alone, so the dock refuses
 * exactly what the source would.
 */
export function selectAnswerIssues(state: QuestionStoreState, promptId: string): AnswerIssues {
  const entry = state.prompts.get(promptId);
  if (entry === undefined) return NONE;
  const draft = state.drafts.get(promptId) ?? EMPTY_PROMPT_DRAFT;
  const check = state.answerCheckOf?.(promptId);
  let byDraft = cache.get(entry.record);
  if (byDraft === undefined) {
    byDraft = new WeakMap();
    cache.set(entry.record, byDraft);
  }
  const known = byDraft.get(draft);
  if (known !== undefined && known.check === check) return known.issues;
  const issues = issuesOf(entry.record, draft, check);
  byDraft.set(draft, { check, issues });
  return issues;
}

/** The rule the question's answer breaks, or null when it may be sent. */
export function selectQuestionIssue(
  state: QuestionStoreState,
  promptId: string,
  questionId: string,
): FieldIssue | null {
  const questions = state.prompts.get(promptId)?.record.questions ?? [];
  const index = questions.findIndex((question) => question.questionId === questionId);
  return selectAnswerIssues(state, promptId)[index] ?? null;
}

/**
 * The rule to say at a form field: one its answer breaks. A missing answer is said only once the
 * user left the question or tried to go past it; before that the field is simply still to fill.
 */
export function selectShownIssue(
  state: QuestionStoreState,
  promptId: string,
  question: Question,
): FieldIssue | null {
  if (question.field === undefined) return null;
  const issue = selectQuestionIssue(state, promptId, question.questionId);
  if (issue?.rule !== "required") return issue;
  return state.drafts.get(promptId)?.left?.has(question.questionId) === true ? issue : null;
}

/** The rules a source's check gives, as the kit's canonicalization takes them (by question). */
export function checkedRules(
  issues: ReadonlyMap<string, FieldIssue>,
): (question: Question) => FieldIssue | null {
  return (question) => issues.get(question.questionId) ?? null;
}
