export type { DiscordActionRow, DiscordButton } from "./discord";
export {
  buildDiscordComponents,
  DISCORD_BUTTONS_PER_ROW,
  DISCORD_CUSTOM_ID_MAX_CHARS,
  decodeDiscordCustomId,
  encodeDiscordCustomId,
  resolveDiscordInteraction,
} from "./discord";
export { finalizationText, UNAVAILABLE_TEXT } from "./finalization";
export type { OptionTap } from "./question-callback";
export {
  answersForTap,
  canUseNativeButtons,
  isAskUserId,
  MAX_OPTION_INDEX,
  nativeButtonQuestion,
  OPEN_LINK_BUTTON_LABEL,
  OTHER_BUTTON_LABEL,
} from "./question-callback";
export type { SlackActionsBlock, SlackButton } from "./slack";
export {
  buildSlackBlocks,
  decodeSlackValue,
  encodeSlackValue,
  resolveSlackAction,
  SLACK_BUTTON_TEXT_MAX_CHARS,
  SLACK_VALUE_MAX_CHARS,
} from "./slack";
export type { TelegramCallback, TelegramInlineButton, TelegramInlineKeyboard } from "./telegram";
export {
  buildTelegramKeyboard,
  decodeTelegramCallback,
  encodeTelegramOptionCallback,
  encodeTelegramOtherCallback,
  resolveTelegramCallback,
  TELEGRAM_CALLBACK_DATA_MAX_BYTES,
} from "./telegram";
