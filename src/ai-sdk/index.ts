export { AI_SDK_TOOL_NAME, type AskUserPart, isAskUserPart } from "./ask-user-parts";
export {
  type AskUserToolInput,
  type AskUserToolOptions,
  type AskUserToolOutput,
  type AskUserToolQuestion,
  askUserTool,
  MAX_ASK_USER_TEXT_LENGTH,
} from "./ask-user-tool";
export {
  type AskUserChat,
  type ChatQuestionSource,
  type ChatQuestionSourceOptions,
  createChatQuestionSource,
} from "./chat-question-source";
