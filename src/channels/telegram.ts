import { displayText } from "../protocol/display-text";
import type { QuestionAnswers, QuestionRecord } from "../protocol/types";
import {
  answersForTap,
  canUseNativeButtons,
  isAskUserId,
  isEncodableOptionIndex,
  nativeButtonQuestion,
  OPEN_LINK_BUTTON_LABEL,
  type OptionTap,
  OTHER_BUTTON_LABEL,
} from "./question-callback";

/** Telegram's limit for `callback_data`, in UTF-8 bytes. */
export const TELEGRAM_CALLBACK_DATA_MAX_BYTES = 64;

/** One Telegram inline keyboard button. */
export type TelegramInlineButton =
  | { text: string; callback_data: string }
  | { text: string; url: string };

/** A Telegram `reply_markup` with an inline keyboard. */
export type TelegramInlineKeyboard = { inline_keyboard: TelegramInlineButton[][] };

/** What a Telegram callback means: an option tap, or a request to type an own answer. */
export type TelegramCallback =
  | ({ kind: "option" } & OptionTap)
  | { kind: "other"; questionId: string };

const OPTION_CALLBACK_PATTERN = /^tgq1:(ask_[0-9a-f]{32}):([0-3])$/u;
const OTHER_CALLBACK_PATTERN = /^tgqo1:(ask_[0-9a-f]{32})$/u;

function fitsCallbackData(data: string): boolean {
  return new TextEncoder().encode(data).length <= TELEGRAM_CALLBACK_DATA_MAX_BYTES;
}

/** `tgq1:<id>:<index>` for an option button; null for an invalid id or index. */
export function encodeTelegramOptionCallback(tap: OptionTap): string | null {
  if (!isAskUserId(tap.questionId) || !isEncodableOptionIndex(tap.optionIndex)) return null;
  const data = `tgq1:${tap.questionId}:${tap.optionIndex}`;
  return fitsCallbackData(data) ? data : null;
}

/** `tgqo1:<id>` for the Other button; null for an invalid id. */
export function encodeTelegramOtherCallback(questionId: string): string | null {
  if (!isAskUserId(questionId)) return null;
  const data = `tgqo1:${questionId}`;
  return fitsCallbackData(data) ? data : null;
}

/** Decodes Telegram `callback_data`; null for anything that is not a question callback. */
export function decodeTelegramCallback(data: unknown): TelegramCallback | null {
  if (typeof data !== "string" || !fitsCallbackData(data)) return null;
  const option = OPTION_CALLBACK_PATTERN.exec(data);
  if (option?.[1] !== undefined && option[2] !== undefined) {
    return { kind: "option", questionId: option[1], optionIndex: Number(option[2]) };
  }
  const other = OTHER_CALLBACK_PATTERN.exec(data);
  return other?.[1] === undefined ? null : { kind: "other", questionId: other[1] };
}

/** The inline keyboard for a prompt: an optional link row, one row per option, then Other; null when not eligible. */
export function buildTelegramKeyboard(record: QuestionRecord): TelegramInlineKeyboard | null {
  const question = nativeButtonQuestion(record);
  if (question === null || !canUseNativeButtons(record)) return null;
  const rows: TelegramInlineButton[][] = [];
  if (question.url !== undefined) rows.push([{ text: OPEN_LINK_BUTTON_LABEL, url: question.url }]);
  for (const [optionIndex, option] of question.options.entries()) {
    const data = encodeTelegramOptionCallback({ questionId: record.id, optionIndex });
    if (data === null) return null;
    rows.push([{ text: displayText(option.label), callback_data: data }]);
  }
  const other = question.isOther === true ? encodeTelegramOtherCallback(record.id) : null;
  if (other !== null) rows.push([{ text: OTHER_BUTTON_LABEL, callback_data: other }]);
  return { inline_keyboard: rows };
}

/** Resolves a Telegram tap against its record: answers to send, a request for free text, or null when foreign. */
export function resolveTelegramCallback(
  record: QuestionRecord,
  data: unknown,
): { kind: "answer"; answers: QuestionAnswers } | { kind: "other" } | null {
  const callback = decodeTelegramCallback(data);
  if (callback === null || callback.questionId !== record.id) return null;
  if (callback.kind === "other") {
    return nativeButtonQuestion(record)?.isOther === true ? { kind: "other" } : null;
  }
  const answers = answersForTap(record, callback);
  return answers === null ? null : { kind: "answer", answers };
}
