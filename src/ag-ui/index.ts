export {
  type AgentQuestionSource,
  type AgentQuestionSourceOptions,
  createAgentQuestionSource,
  type UnhandledAgUiInterrupt,
} from "./agent-question-source";
export type {
  AgUiInterrupt,
  AgUiMessage,
  AgUiResumeEntry,
  AgUiRunParameters,
  AgUiSubscriber,
  AgUiTool,
  AgUiToolCall,
  AskUserAgent,
} from "./agent-shapes";
export { ASK_USER_TOOL_NAME, askUserTool } from "./ask-user-tool";
