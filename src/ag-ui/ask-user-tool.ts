import { ASK_USER_INPUT_SCHEMA, ASK_USER_TOOL_DESCRIPTION } from "../protocol/ask-user-tool-schema";
import type { AgUiTool } from "./agent-shapes";

/** The tool's name the kit answers by default. */
export const ASK_USER_TOOL_NAME = "ask_user";

/**
 * The `ask_user` tool for a run's `tools` (`agent.runAgent({ tools })`, CopilotKit's frontend
 * tools): the same contract as the kit's other adapters; the page answers it.
 */
export function askUserTool(options: { name?: string; description?: string } = {}): AgUiTool {
  return {
    name: options.name ?? ASK_USER_TOOL_NAME,
    description: options.description ?? ASK_USER_TOOL_DESCRIPTION,
    parameters: ASK_USER_INPUT_SCHEMA,
  };
}
