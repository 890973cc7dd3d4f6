// The interrupt values LangChain agents pause with, read without LangChain: a headless tool's
// call and the human-in-the-loop middleware's review request (camelCase from the graph,
// snake_case too over the streaming protocol). Anything else is returned as unknown.
import { isRecord } from "../protocol/parse-support";

/** The tool name of the kit's `ask_user`. */
export const ASK_USER_TOOL_NAME = "ask_user";

/** One interrupt of a thread: its id and the value the graph paused with. */
export type ThreadInterrupt = { id?: string | undefined; value?: unknown };

/** A headless tool's interrupt value: the call the page implements. */
export type HeadlessToolRequest = {
  type: "tool";
  toolCall: { id?: string | undefined; name: string; args: unknown };
};

/** What the middleware lets a reviewer decide about one action. */
export type ReviewDecisionType = "approve" | "edit" | "reject" | "respond";

/** One tool call under review. */
export type ReviewAction = {
  name: string;
  args: Record<string, unknown>;
  description?: string;
  allowed: ReviewDecisionType[];
};

/** A decision sent back for one action, in the middleware's shape. */
export type ReviewDecision =
  | { type: "approve" }
  | { type: "edit"; editedAction: { name: string; args: Record<string, unknown> } }
  | { type: "reject"; message?: string }
  | { type: "respond"; message: string };

const DECISION_TYPES: readonly ReviewDecisionType[] = ["approve", "edit", "reject", "respond"];

export function readHeadlessToolRequest(value: unknown): HeadlessToolRequest | null {
  if (!isRecord(value) || value.type !== "tool" || !isRecord(value.toolCall)) return null;
  const { id, name, args } = value.toolCall;
  if (typeof name !== "string") return null;
  return { type: "tool", toolCall: { id: typeof id === "string" ? id : undefined, name, args } };
}

function listOf(row: Record<string, unknown>, camel: string, snake: string): unknown[] | null {
  const value = row[camel] ?? row[snake];
  return Array.isArray(value) ? value : null;
}

function allowedOf(config: unknown): ReviewDecisionType[] | null {
  if (!isRecord(config)) return null;
  const allowed = config.allowedDecisions ?? config.allowed_decisions;
  if (!Array.isArray(allowed)) return null;
  return DECISION_TYPES.filter((type) => allowed.includes(type));
}

function configName(config: unknown): unknown {
  return isRecord(config) ? (config.actionName ?? config.action_name) : undefined;
}

/** The middleware's review request, or null when the value is not one (or is malformed). */
export function readReviewRequest(value: unknown): ReviewAction[] | null {
  if (!isRecord(value)) return null;
  const requests = listOf(value, "actionRequests", "action_requests");
  const configs = listOf(value, "reviewConfigs", "review_configs");
  if (requests === null || configs === null || requests.length === 0) return null;
  const actions: ReviewAction[] = [];
  for (const request of requests) {
    if (!isRecord(request)) return null;
    const name = request.name ?? request.action_name;
    if (typeof name !== "string" || !isRecord(request.args)) return null;
    // The middleware keeps one config per tool name; the request names its tool.
    const allowed = allowedOf(configs.find((config) => configName(config) === name));
    if (allowed === null || allowed.length === 0) return null;
    actions.push({
      name,
      args: request.args,
      ...(typeof request.description === "string" ? { description: request.description } : {}),
      allowed,
    });
  }
  return actions;
}
