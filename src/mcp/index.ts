export {
  createMcpQuestionSource,
  DEFAULT_FORM_TIMEOUT_MS,
  type McpQuestionSource,
  type McpQuestionSourceOptions,
  type RefusedForm,
} from "./mcp-question-source";
