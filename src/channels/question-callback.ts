import { ASK_USER_ID_PATTERN, MAX_OPTIONS, MIN_OPTIONS } from "../protocol/constants";
import type { Question, QuestionAnswers, QuestionRecord } from "../protocol/types";

/** A tap on a native option button: which record and which option (0-based, as the gateway's channels encode it). */
export type OptionTap = { questionId: string; optionIndex: number };

/** Label of the free-text button, as the gateway's channel presentation writes it. */
export const OTHER_BUTTON_LABEL = "Other…";
/** Label of the button that opens a question's url. */
export const OPEN_LINK_BUTTON_LABEL = "Open link";
/** Highest option index a native button can carry (four options, 0-based). */
export const MAX_OPTION_INDEX = MAX_OPTIONS - 1;

/** True when a record id has the `ask_<32 hex>` shape the channel codecs accept. */
export function isAskUserId(id: string): boolean {
  return ASK_USER_ID_PATTERN.test(id);
}

/** True for an option index a native button may carry. */
export function isEncodableOptionIndex(optionIndex: number): boolean {
  return Number.isInteger(optionIndex) && optionIndex >= 0 && optionIndex <= MAX_OPTION_INDEX;
}

/** The one question a record shows as native buttons, or null when it must fall back to text. */
export function nativeButtonQuestion(record: QuestionRecord): Question | null {
  const [question] = record.questions;
  if (record.questions.length !== 1 || question === undefined) return null;
  if (question.multiSelect === true || question.isSecret === true) return null;
  if (question.options.length < MIN_OPTIONS || question.options.length > MAX_OPTIONS) return null;
  const labels = question.options.map((option) => option.label.trim().toLowerCase());
  if (labels.some((label) => label.length === 0) || new Set(labels).size !== labels.length)
    return null;
  return isAskUserId(record.id) ? question : null;
}

/** True for a pending prompt with one single-choice, non-secret question of 2-4 options and an `ask_` id. */
export function canUseNativeButtons(record: QuestionRecord): boolean {
  return record.status === "pending" && nativeButtonQuestion(record) !== null;
}

/** Turns a decoded tap into the answers to resolve the record with; null for a foreign id or an index out of range. */
export function answersForTap(record: QuestionRecord, tap: OptionTap): QuestionAnswers | null {
  if (tap.questionId !== record.id) return null;
  const question = nativeButtonQuestion(record);
  const option = question?.options[tap.optionIndex];
  if (question === null || option === undefined || !isEncodableOptionIndex(tap.optionIndex))
    return null;
  return { answers: { [question.questionId]: [option.label] } };
}
