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

/** Discord's limit for a component `custom_id`, in characters. */
export const DISCORD_CUSTOM_ID_MAX_CHARS = 100;
/** Discord shows at most five buttons in one action row. */
export const DISCORD_BUTTONS_PER_ROW = 5;

const ACTION_ROW = 1;
const BUTTON = 2;
const SECONDARY_STYLE = 2;
const LINK_STYLE = 5;
const CUSTOM_ID_PATTERN = /^ocq:id=(ask_[0-9a-f]{32});i=([0-3])$/u;

/** A Discord button component. */
export type DiscordButton =
  | { type: typeof BUTTON; style: typeof SECONDARY_STYLE; label: string; custom_id: string }
  | { type: typeof BUTTON; style: typeof LINK_STYLE; label: string; url: string };

/** A Discord action row of buttons. */
export type DiscordActionRow = { type: typeof ACTION_ROW; components: DiscordButton[] };

/** `ocq:id=<id>;i=<index>`; null for an invalid id or index, or past Discord's 100 characters. */
export function encodeDiscordCustomId(tap: OptionTap): string | null {
  if (!isAskUserId(tap.questionId) || !isEncodableOptionIndex(tap.optionIndex)) return null;
  const customId = `ocq:id=${tap.questionId};i=${tap.optionIndex}`;
  return customId.length <= DISCORD_CUSTOM_ID_MAX_CHARS ? customId : null;
}

/** Decodes a Discord `custom_id`; null for anything that is not a question button. */
export function decodeDiscordCustomId(customId: unknown): OptionTap | null {
  if (typeof customId !== "string" || customId.length > DISCORD_CUSTOM_ID_MAX_CHARS) return null;
  const match = CUSTOM_ID_PATTERN.exec(customId);
  if (match?.[1] === undefined || match[2] === undefined) return null;
  return { questionId: match[1], optionIndex: Number(match[2]) };
}

/** Message components for a prompt (Discord has no Other button: free text is a plain reply); null when not eligible. */
export function buildDiscordComponents(record: QuestionRecord): DiscordActionRow[] | null {
  const question = nativeButtonQuestion(record);
  if (question === null || !canUseNativeButtons(record)) return null;
  const buttons: DiscordButton[] = [];
  if (question.url !== undefined) {
    buttons.push({
      type: BUTTON,
      style: LINK_STYLE,
      label: OPEN_LINK_BUTTON_LABEL,
      url: question.url,
    });
  }
  for (const [optionIndex, option] of question.options.entries()) {
    const customId = encodeDiscordCustomId({ questionId: record.id, optionIndex });
    if (customId === null) return null;
    buttons.push({
      type: BUTTON,
      style: SECONDARY_STYLE,
      label: displayText(option.label),
      custom_id: customId,
    });
  }
  const rows: DiscordActionRow[] = [];
  for (let start = 0; start < buttons.length; start += DISCORD_BUTTONS_PER_ROW) {
    rows.push({
      type: ACTION_ROW,
      components: buttons.slice(start, start + DISCORD_BUTTONS_PER_ROW),
    });
  }
  return rows;
}

/** Resolves a Discord button interaction against its record; null when foreign or out of range. */
export function resolveDiscordInteraction(
  record: QuestionRecord,
  customId: unknown,
): QuestionAnswers | null {
  const tap = decodeDiscordCustomId(customId);
  return tap === null ? null : answersForTap(record, tap);
}
