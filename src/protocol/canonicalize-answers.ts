import { type FieldIssue, fieldIssue } from "./form-field";
import { isRecord } from "./parse-support";
import type { Question, QuestionAnswers } from "./types";

/** The rejection the gateway gives for answers that do not fit their questions. */
export type InvalidAnswerError = {
  code: "INVALID_REQUEST";
  reason: "QUESTION_INVALID_ANSWER";
  message: string;
  questionId: string | null;
};

/** Outcome of `canonicalizeAnswers`. */
export type CanonicalizeAnswersResult =
  | { ok: true; value: QuestionAnswers }
  | { ok: false; error: InvalidAnswerError };

function invalid(questionId: string | null, message: string): CanonicalizeAnswersResult {
  return {
    ok: false,
    error: { code: "INVALID_REQUEST", reason: "QUESTION_INVALID_ANSWER", message, questionId },
  };
}

function invalidFor(questionId: string, rule: string): CanonicalizeAnswersResult {
  return invalid(questionId, `question '${questionId}' ${rule}`);
}

function readAnswerMap(answers: unknown): Record<string, string[]> | null {
  if (!isRecord(answers) || !isRecord(answers.answers)) return null;
  // No prototype: an answer keyed "__proto__" must stay a key, and so be refused as unknown.
  const map: Record<string, string[]> = Object.create(null);
  for (const [questionId, values] of Object.entries(answers.answers)) {
    if (!Array.isArray(values) || !values.every((value) => typeof value === "string")) return null;
    map[questionId] = values;
  }
  return map;
}

/** A secret, or a text form field's value (a schema may count its spaces), is taken as typed. */
const asTyped = (question: Question): boolean =>
  question.isSecret === true || question.field?.type === "string";

function canonicalValue(question: Question, value: string): string {
  if (asTyped(question)) return value;
  const trimmed = value.trim();
  const matched = question.options.find((option) => option.label.trim() === trimmed);
  return matched === undefined ? trimmed : matched.label;
}

/** The rule a question's values break, or null: the kit's `fieldIssue`, or a source's own check. */
export type FieldRules = (question: Question, values: readonly string[]) => FieldIssue | null;

function ruleText(issue: FieldIssue): string {
  const limit = issue.limit === undefined ? "" : ` ${issue.limit}`;
  const detail = issue.detail === undefined ? "" : ` (${issue.detail})`;
  return `breaks the field rule ${issue.rule}${limit}${detail}`;
}

/**
 * The gateway's answer canonicalization: same checks, same order, same messages as
 * `question.resolve`. `rules` judges form fields (the kit's own by default; an MCP form passes its
 * server's schema check, which then decides alone whether a field may be left empty).
 */
export function canonicalizeAnswers(
  questions: Question[],
  answers: unknown,
  rules: FieldRules = fieldIssue,
): CanonicalizeAnswersResult {
  const submitted = readAnswerMap(answers);
  if (submitted === null) {
    return invalid(null, "answers must be { answers: { [questionId]: string[] } }");
  }
  const known = new Set(questions.map((question) => question.questionId));
  const unknownId = Object.keys(submitted).find((questionId) => !known.has(questionId));
  if (unknownId !== undefined) return invalidFor(unknownId, "is not part of this request");
  const canonical: Record<string, string[]> = {};
  for (const question of questions) {
    const values = Object.hasOwn(submitted, question.questionId)
      ? submitted[question.questionId]
      : undefined;
    if (values === undefined || values.length === 0) {
      // An optional form field left empty is sent as no answer at all.
      const issue = rules(question, []);
      if (issue === null) continue;
      return invalidFor(
        question.questionId,
        issue.rule === "required" ? "requires an answer" : ruleText(issue),
      );
    }
    const isEmpty = (value: string): boolean =>
      asTyped(question) ? value.length === 0 : value.trim().length === 0;
    if (values.some(isEmpty)) return invalidFor(question.questionId, "contains an empty answer");
    if (question.multiSelect !== true && values.length > 1) {
      return invalidFor(question.questionId, "does not allow multiple answers");
    }
    const canonicalValues = values.map((value) => canonicalValue(question, value));
    const labels = new Set(question.options.map((option) => option.label));
    const allowsFreeText = question.options.length === 0 || question.isOther === true;
    if (!allowsFreeText && canonicalValues.some((value) => !labels.has(value))) {
      return invalidFor(question.questionId, "contains an unknown option");
    }
    // The rule's name and limit (the dock says it in the user's language, from the same check).
    const issue = rules(question, canonicalValues);
    if (issue !== null) return invalidFor(question.questionId, ruleText(issue));
    canonical[question.questionId] = canonicalValues;
  }
  return { ok: true, value: { answers: canonical } };
}
