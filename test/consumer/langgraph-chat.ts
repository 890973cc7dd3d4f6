import { mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { Client } from "@langchain/langgraph-sdk";
import type { Browser, Page } from "playwright-core";
import { expectThat, UI_TIMEOUT_MS, visible } from "./answer-in-browser";
import { start } from "./processes";
import { serveStatic } from "./static-server";

/** The README page in the app's dist/ (src/langgraph-page/main.tsx renders its `Chat`). */
const PAGE = "langgraph.html";
const POLL_MS = 100;
/** A click this soon after the dock switched prompts is ignored (src/react/dock/use-switch-guard). */
const SWITCH_GUARD_MS = 600;

const QUESTION = "Where should build 1.4.2 go?";
const ASK_USER_INPUT = {
  questions: [
    {
      id: "deploy_target",
      header: "Deploy",
      question: QUESTION,
      options: [{ label: "Staging" }, { label: "Production" }],
    },
  ],
};
/** What the kit's `ask_user` returns for the answer the test gives, as the model reads it. */
const ASK_USER_RESULT = JSON.stringify({
  status: "answered",
  answers: { answers: { deploy_target: ["Production"] } },
});
const EMAIL = { to: "bob@x.io", subject: "hi" };
const SENT = "sent email to bob@x.io (subject: hi)";

/** A message of a thread's state, as the server stores it. */
type StateMessage = { type: string; content: unknown; name?: string; status?: string };
/** A thread as the server sees it: its status, messages and pending interrupts. */
type ThreadView = { status: string; messages: StateMessage[]; interrupts: unknown[] };

/** A message's text: a string as is, text blocks joined. */
function textOf(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return JSON.stringify(content);
  return content
    .map((block: unknown) =>
      typeof block === "object" && block !== null && "text" in block ? String(block.text) : "",
    )
    .join("");
}

/** The README agent's project, installed by the consumer test, and where its server listens. */
export type LangGraphAgent = { folder: string; port: number };

/**
 * In the built app at `app`: starts a LangGraph server in the README agent's project (`agent`:
 * the README's langgraph-agent.ts as written, the test's scripted model.ts beside it, one
 * @langchain/langgraph and one @langchain/core for graph and server) on the Node that `env`'s
 * PATH names, with a fresh state folder, on the port the app's page was saved with. In Chromium
 * the README's page (dist/langgraph.html) sends `/call ask_user …`, the dock's answer resumes
 * the run and the server's state holds the kit's result byte for byte; then `/call send_email …`
 * docks the middleware's review, Approve resumes it and the tool runs. Resolves with a line
 * describing it; throws with the evidence otherwise.
 */
export async function langGraphInBrowser(
  app: string,
  browser: Browser,
  env: NodeJS.ProcessEnv,
  agent: LangGraphAgent,
): Promise<string> {
  const state = mkdtempSync(join(agent.folder, "state-"));
  const server = start("node", ["--import", "tsx", "start-server.mjs", String(agent.port), state], {
    cwd: agent.folder,
    env,
  });
  const site = await serveStatic(join(app, "dist"));
  const context = await browser.newContext();
  const page = await context.newPage();
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  page.on("console", (message) => {
    // A failed load is reported with its URL below; the browser's own favicon request is not ours.
    if (message.type() === "error" && !message.text().startsWith("Failed to load resource"))
      problems.push(`console: ${message.text()}`);
  });
  page.on("response", (response) => {
    if (response.status() >= 400 && !response.url().endsWith("/favicon.ico"))
      problems.push(`${response.status()} from ${response.url()}`);
  });
  let threadId = "";
  let last: ThreadView | undefined;
  try {
    const [, apiUrl = ""] = await server.waitFor(/ready (http:\/\/\S+)/);
    const client = new Client({ apiUrl });
    /** Polls the server until no run is in flight and `until` holds; returns the thread. */
    const thread = async (until: (view: ThreadView) => boolean, what: string) => {
      const deadline = Date.now() + UI_TIMEOUT_MS;
      for (;;) {
        const [info, snapshot] = await Promise.all([
          client.threads.get(threadId),
          client.threads.getState(threadId),
        ]);
        const values = (snapshot.values ?? {}) as { messages?: StateMessage[] };
        last = {
          status: info.status,
          messages: values.messages ?? [],
          interrupts: (snapshot.tasks ?? []).flatMap((task) => task.interrupts ?? []),
        };
        if (last.status !== "busy" && until(last)) return last;
        if (Date.now() > deadline) throw new Error(what);
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
    };
    const interrupted = (view: ThreadView) => view.interrupts.length > 0;
    const endedWith = (text: string) => (view: ThreadView) =>
      view.interrupts.length === 0 &&
      view.messages.at(-1)?.type === "ai" &&
      textOf(view.messages.at(-1)?.content) === text;
    const toolResults = (view: ThreadView) =>
      view.messages.filter((message) => message.type === "tool");

    await page.goto(`${site.url}${PAGE}`);
    const dock = page.locator('section.ask-dock[data-state="expanded"]');
    const send = async (text: string) => {
      const message = page.getByRole("textbox", { name: "Message" });
      await message.fill(text);
      await message.press("Enter");
    };

    await send(`/call ask_user ${JSON.stringify(ASK_USER_INPUT)}`);
    await visible(dock.getByText(QUESTION));
    // The README's page keeps the thread in its URL.
    const handle = await page.waitForFunction(
      () => new URLSearchParams(window.location.search).get("thread"),
      null,
      { timeout: UI_TIMEOUT_MS },
    );
    threadId = String(await handle.jsonValue());
    await thread(interrupted, "the ask_user call never paused the run");
    await dock.getByRole("radio", { name: "Production" }).click();
    await dock.getByRole("button", { name: "Submit" }).click();
    await dock.waitFor({ state: "hidden", timeout: UI_TIMEOUT_MS });
    const asked = await thread(
      endedWith(`tool ask_user said: ${ASK_USER_RESULT}`),
      "the run never ended with the model quoting the ask_user result",
    );
    const [askResult] = toolResults(asked);
    expectThat(
      toolResults(asked).length === 1 &&
        askResult?.name === "ask_user" &&
        askResult.content === ASK_USER_RESULT,
      `the thread's tool results are ${JSON.stringify(toolResults(asked))}, not one ask_user ${ASK_USER_RESULT}`,
    );
    await visible(page.getByText(`tool ask_user said: ${ASK_USER_RESULT}`, { exact: true }));

    await send(`/call send_email ${JSON.stringify(EMAIL)}`);
    await visible(dock.getByText("send_email"));
    await thread(interrupted, "the send_email call never paused the run for its review");
    await page.waitForTimeout(SWITCH_GUARD_MS);
    await approve(page);
    await dock.waitFor({ state: "hidden", timeout: UI_TIMEOUT_MS });
    const sent = await thread(
      endedWith(`tool send_email said: ${SENT}`),
      "the run never ended with the model quoting the send_email result",
    );
    const emailResult = toolResults(sent).at(-1);
    expectThat(
      toolResults(sent).length === 2 &&
        emailResult?.name === "send_email" &&
        emailResult.status === "success" &&
        emailResult.content === SENT,
      `the thread's tool results are ${JSON.stringify(toolResults(sent))}, the last not "${SENT}"`,
    );
    await visible(page.getByText(`tool send_email said: ${SENT}`, { exact: true }));
    expectThat(problems.length === 0, problems.join("\n"));
    return `the server's state holds ask_user ${ASK_USER_RESULT}, then send_email approved: "${SENT}"`;
  } catch (error) {
    const text = await page
      .locator("body")
      .textContent({ timeout: 1_000 })
      .catch(() => "(unreadable)");
    const reason = error instanceof Error ? error.message : String(error);
    const seen = last === undefined ? "(none)" : JSON.stringify(last, null, 1).slice(0, 6_000);
    throw new Error(
      `${reason}\nthe page reads:\n${text}\n${problems.join("\n")}\nthread ${threadId || "(none)"} last seen:\n${seen}\nserver:\n${server.output()}`,
    );
  } finally {
    await context.close();
    await site.close();
    // SIGTERM to its process group: start-server.mjs flushes and exits, as on SIGINT.
    await server.stop();
    rmSync(state, { recursive: true, force: true });
  }
}

/**
 * The review docked as steps: Approve on the first, then Next through the argument steps (each
 * holding the call's value, so the call runs as the model wrote it), and Submit on the last.
 */
async function approve(page: Page): Promise<void> {
  const dock = page.locator('section.ask-dock[data-state="expanded"]');
  const progress = dock.getByText(/^Question \d+ of \d+$/);
  await visible(progress);
  const total = Number(/of (\d+)/.exec((await progress.first().textContent()) ?? "")?.[1] ?? 1);
  const at = (step: number) => dock.getByText(`Question ${step} of ${total}`, { exact: true });
  const next = dock.locator('.ask-dock__footer button[data-variant="primary"]');
  await visible(at(1));
  await dock.getByRole("radio", { name: "Approve", exact: true }).click();
  if (total > 1) {
    // A pick moves on by itself; the Next button is the fallback.
    await at(2)
      .waitFor({ state: "visible", timeout: 2_000 })
      .catch(() => next.click());
    for (let step = 2; step < total; step += 1) {
      await visible(at(step));
      await next.click();
    }
    await visible(at(total));
  }
  await dock.getByRole("button", { name: "Submit" }).click();
}
