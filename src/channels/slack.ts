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
} from "./question-callback";

/** Slack's limit for a button `value`, in characters. */
export const SLACK_VALUE_MAX_CHARS = 2000;
/** Slack's limit for a button's text, in characters. */
export const SLACK_BUTTON_TEXT_MAX_CHARS = 75;

const QUESTION_ACTION_ID = "openclaw:question_button";
const LINK_ACTION_ID = "openclaw:reply_link";
const BLOCK_INDEX = 1;
const VALUE_PATTERN = /^slq1:(ask_[0-9a-f]{32}):([0-3])$/u;

/** A Block Kit button element. */
export type SlackButton = {
  type: "button";
  action_id: string;
  text: { type: "plain_text"; text: string; emoji: true };
} & ({ value: string } | { url: string });

/** A Block Kit actions block. */
export type SlackActionsBlock = { type: "actions"; block_id: string; elements: SlackButton[] };

/** `slq1:<id>:<index>`; null for an invalid id or index. */
export function encodeSlackValue(tap: OptionTap): string | null {
  if (!isAskUserId(tap.questionId) || !isEncodableOptionIndex(tap.optionIndex)) return null;
  const value = `slq1:${tap.questionId}:${tap.optionIndex}`;
  return value.length <= SLACK_VALUE_MAX_CHARS ? value : null;
}

/** Decodes a Slack action `value`; null for anything that is not a question button. */
export function decodeSlackValue(value: unknown): OptionTap | null {
  if (typeof value !== "string" || value.length > SLACK_VALUE_MAX_CHARS) return null;
  const match = VALUE_PATTERN.exec(value);
  if (match?.[1] === undefined || match[2] === undefined) return null;
  return { questionId: match[1], optionIndex: Number(match[2]) };
}

function buttonText(label: string): { type: "plain_text"; text: string; emoji: true } {
  const characters = [...label];
  const text =
    characters.length <= SLACK_BUTTON_TEXT_MAX_CHARS
      ? label
      : `${characters.slice(0, SLACK_BUTTON_TEXT_MAX_CHARS - 1).join("")}…`;
  return { type: "plain_text", text, emoji: true };
}

/** The actions block for a prompt (Slack has no Other button: free text is a plain reply); null when not eligible. */
export function buildSlackBlocks(record: QuestionRecord): SlackActionsBlock[] | null {
  const question = nativeButtonQuestion(record);
  if (question === null || !canUseNativeButtons(record)) return null;
  const elements: SlackButton[] = [];
  const actionId = (position: number, base: string): string =>
    `${base}:${BLOCK_INDEX}:${position + 1}`;
  if (question.url !== undefined) {
    elements.push({
      type: "button",
      action_id: actionId(0, LINK_ACTION_ID),
      text: buttonText(OPEN_LINK_BUTTON_LABEL),
      url: question.url,
    });
  }
  for (const [optionIndex, option] of question.options.entries()) {
    const value = encodeSlackValue({ questionId: record.id, optionIndex });
    if (value === null) return null;
    elements.push({
      type: "button",
      action_id: actionId(elements.length, QUESTION_ACTION_ID),
      text: buttonText(displayText(option.label)),
      value,
    });
  }
  return [{ type: "actions", block_id: `openclaw_reply_buttons_${BLOCK_INDEX}`, elements }];
}

/** Resolves a Slack block action against its record; null when foreign or out of range. */
export function resolveSlackAction(record: QuestionRecord, value: unknown): QuestionAnswers | null {
  const tap = decodeSlackValue(value);
  return tap === null ? null : answersForTap(record, tap);
}
