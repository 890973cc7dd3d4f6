export { AskUserToolPart, type AskUserToolPartProps } from "./ask-user-tool-part";
export { type UseAskUserChatOptions, useAskUserChat } from "./use-ask-user-chat";
