// What the cases of `npm run test:ag-ui` share: the deploy question's words, the kit's answer as
// the model reads it, and waits for the page's runs and the model's reply.
import { shows, UI_TIMEOUT_MS } from "../e2e/page-helpers";
import type { CaseContext, RunInput } from "./harness";
import type { SeenToolResult } from "./scripted-model";

export const DEPLOY_QUESTION_TEXT = "Where should I deploy?";
/** The kit's `ask_user` result for the deploy question answered Production. */
export const PRODUCTION_JSON =
  '{"status":"answered","answers":{"answers":{"deploy_target":["Production"]}}}';

/** Waits until the page has posted `count` runs. */
export async function runsPosted(context: CaseContext, count: number): Promise<RunInput[]> {
  const deadline = Date.now() + UI_TIMEOUT_MS;
  for (;;) {
    const runs = context.runInputs();
    if (runs.length >= count) return runs;
    if (Date.now() > deadline)
      throw new Error(`the page posted ${runs.length} runs, not ${count}: ${JSON.stringify(runs)}`);
    await context.page.waitForTimeout(100);
  }
}

/** Waits for the model's reply `Got <id>: <result>` in the chat. */
export async function modelSaid(context: CaseContext, text: string): Promise<void> {
  await shows(context.page.getByRole("region", { name: "Chat" }).getByText(text, { exact: true }));
}

/** The last tool result `agentId`'s model read, once it has read one. */
export async function lastResultSeen(
  context: CaseContext,
  agentId: string,
): Promise<SeenToolResult> {
  const deadline = Date.now() + UI_TIMEOUT_MS;
  for (;;) {
    const last = context.runtime.toolResultsSeen(agentId).at(-1);
    if (last !== undefined) return last;
    if (Date.now() > deadline) throw new Error(`${agentId}'s model never read a tool result`);
    await context.page.waitForTimeout(100);
  }
}
