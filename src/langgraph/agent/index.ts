export { type AskUserToolOptions, type AskUserToolOutput, askUserTool } from "./ask-user-tool";
