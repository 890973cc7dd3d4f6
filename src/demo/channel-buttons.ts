import {
  buildDiscordComponents,
  buildSlackBlocks,
  buildTelegramKeyboard,
  resolveDiscordInteraction,
  resolveSlackAction,
  resolveTelegramCallback,
} from "../channels/index";
import type { QuestionAnswers, QuestionRecord } from "./kit";

/** A chat channel the pane imitates; its name is what `resolvedBy` records. */
export type ChannelName = "telegram" | "discord" | "slack" | "plain-text";

/** One native button as the channel would render it, with what tapping it means. */
export type ChannelButton = {
  label: string;
  /** The payload the channel sends back on a tap (callback_data, custom_id or value). */
  payload: string;
  tap(): { kind: "answer"; answers: QuestionAnswers } | { kind: "other" } | null;
};

/** The channel's native buttons for the record, plus the raw payload; null when it falls back to text. */
export function channelButtons(
  channel: ChannelName,
  record: QuestionRecord,
): { buttons: ChannelButton[]; wire: unknown } | null {
  switch (channel) {
    case "telegram": {
      const keyboard = buildTelegramKeyboard(record);
      if (keyboard === null) return null;
      const buttons = keyboard.inline_keyboard.flat().flatMap((button) =>
        "callback_data" in button
          ? [
              {
                label: button.text,
                payload: button.callback_data,
                tap: () => resolveTelegramCallback(record, button.callback_data),
              },
            ]
          : [],
      );
      return { buttons, wire: { reply_markup: keyboard } };
    }
    case "discord": {
      const rows = buildDiscordComponents(record);
      if (rows === null) return null;
      const buttons = rows.flatMap((row) =>
        row.components.flatMap((button) =>
          "custom_id" in button
            ? [
                {
                  label: button.label,
                  payload: button.custom_id,
                  tap: () => answerOf(resolveDiscordInteraction(record, button.custom_id)),
                },
              ]
            : [],
        ),
      );
      return { buttons, wire: { components: rows } };
    }
    case "slack": {
      const blocks = buildSlackBlocks(record);
      if (blocks === null) return null;
      const buttons = blocks.flatMap((block) =>
        block.elements.flatMap((element) =>
          "value" in element
            ? [
                {
                  label: element.text.text,
                  payload: element.value,
                  tap: () => answerOf(resolveSlackAction(record, element.value)),
                },
              ]
            : [],
        ),
      );
      return { buttons, wire: { blocks } };
    }
    case "plain-text":
      return null;
    default:
      return channel satisfies never;
  }
}

const answerOf = (answers: QuestionAnswers | null) =>
  answers === null ? null : { kind: "answer" as const, answers };
