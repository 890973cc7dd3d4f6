// The demo page, driven in Chromium as a user would, answers a real OpenClaw agent's ask_user.
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningDemo, startDemo } from "../../scripts/demo/start-demo";
import { toAskUserResult } from "../../src/protocol/ask-user-result";
import type { QuestionRecord } from "../../src/protocol/types";
import { launchChromium } from "../support/chromium";
import { until, WAIT_MS } from "./until";

/** The shortest `ask_user` timeout, which the "quick deploy" turn asks with. */
const TIMEOUT_TURN_MS = 30_000;
const CONNECT_MS = 30_000;
/** Longer than the dock's guard against clicks aimed at what was there before it switched. */
const SETTLE_MS = 600;

describe.each([
  { surface: "ask_user offered directly", toolSearch: false },
  { surface: "Tool Search's tool_call", toolSearch: true },
])("given the demo page chatting with a real agent ($surface)", ({ toolSearch }) => {
  let demo: RunningDemo;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let sessionKey: string;

  beforeAll(async () => {
    demo = await startDemo({ openclaw: { toolSearch }, hmr: false });
    browser = await launchChromium();
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await demo?.close();
  });

  /** A fresh browser tab on a session of its own. */
  async function openSession(name: string): Promise<void> {
    await context?.close();
    context = await browser.newContext({
      viewport: { width: 1280, height: 860 },
      reducedMotion: "reduce",
    });
    page = await context.newPage();
    sessionKey = `agent:main:demo-${name}-${Date.now().toString(36)}`;
    await page.goto(`${demo.pageUrl}?session=${encodeURIComponent(sessionKey)}`);
    await page.getByText("Connected", { exact: true }).waitFor({ timeout: CONNECT_MS });
  }

  async function type(message: string): Promise<void> {
    await page.getByRole("textbox", { name: "Message" }).fill(message);
    await page.keyboard.press("Enter");
  }

  const dock = () => page.getByRole("region", { name: "Question from the agent" });

  /** Sends a message that makes the agent ask; resolves with the question once it docks. */
  async function ask(message: string): Promise<QuestionRecord> {
    await type(message);
    const record = await until(
      async () => (await demo.api.list()).find((candidate) => candidate.sessionKey === sessionKey),
      "the agent's question",
    );
    await dock().waitFor({ timeout: WAIT_MS });
    await page.waitForTimeout(SETTLE_MS);
    return record;
  }

  /** What the agent received for the question, and the kit's own result of its final record. */
  async function received(question: QuestionRecord, before: number) {
    const model = demo.model;
    if (model === null) throw new Error("the demo runs no scripted model");
    const result = await until(() => model.toolResults[before], "the tool result at the model");
    expect(result.content !== result.text, "the Tool Search envelope").toBe(toolSearch);
    const record = await until(async () => {
      const current = await demo.api.get(question.id);
      return current.status === "pending" ? undefined : current;
    }, "the final record");
    return { text: result.text, record, expected: toAskUserResult(record).text };
  }

  const resultCount = () => demo.model?.toolResults.length ?? 0;

  /** The agent's reply in the turn that asked, quoting the tool result. */
  const reply = (quoted: string) =>
    page.getByRole("region", { name: "Timeline" }).getByText(quoted, { exact: false }).last();

  it("should answer one question: the agent receives exactly the kit's result and quotes it; another device shows how it ended", async () => {
    await openSession("one");
    const before = resultCount();
    const question = await ask("deploy");
    await page.getByRole("radio", { name: /Production/ }).click();
    await page.getByRole("button", { name: "Submit" }).click();
    const { text, record, expected } = await received(question, before);
    expect(record.status).toBe("answered");
    expect(text).toBe(expected);
    await reply("the tool returned").waitFor({ timeout: WAIT_MS });
    await expect(page.getByRole("region", { name: "Timeline" }).textContent()).resolves.toContain(
      "Deploy: Production",
    );

    // Another device keeps no summaries: the history tells it how the question ended, once.
    const elsewhere = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    try {
      const other = await elsewhere.newPage();
      await other.goto(page.url());
      const summaries = other.locator(".ask-summary", {
        hasText: "Where should I deploy this build?",
      });
      await summaries.first().waitFor({ timeout: WAIT_MS });
      await other.getByText("the tool returned").first().waitFor({ timeout: WAIT_MS });
      await expect(summaries.count()).resolves.toBe(1);
      await expect(summaries.first().textContent()).resolves.toContain("Deploy: Production");
    } finally {
      await elsewhere.close();
    }
  });

  it("should answer three questions with a multi-select and free text", async () => {
    await openSession("three");
    const before = resultCount();
    const question = await ask("set up the project");
    // A single-select pick moves on to the next question by itself.
    await page.getByRole("radio", { name: /Svelte/ }).click();
    await dock().getByText("Which extras should I add?").waitFor();
    await page.getByRole("checkbox", { name: /ESLint/ }).click();
    await page.getByRole("checkbox", { name: /Vitest/ }).click();
    await page.getByRole("button", { name: "Next" }).click();
    await dock().getByText("What should the project be called?").waitFor();
    await dock().getByRole("textbox").fill("shop-app");
    await page.getByRole("button", { name: "Submit" }).click();
    const { text, record, expected } = await received(question, before);
    expect(record.answers?.answers).toEqual({
      framework: ["Svelte"],
      extras: ["ESLint", "Vitest"],
      project_name: ["shop-app"],
    });
    expect(text).toBe(expected);
    await reply("Name: shop-app").waitFor({ timeout: WAIT_MS });
  });

  it("should give the agent no_answer with the cancelled text on Skip", async () => {
    await openSession("skip");
    const before = resultCount();
    const question = await ask("deploy");
    await page.getByRole("button", { name: "Skip" }).click();
    await page.getByRole("button", { name: "Yes, skip" }).click();
    const { text, record, expected } = await received(question, before);
    expect(record.status).toBe("cancelled");
    expect(text).toBe(expected);
    expect(text).toMatch(/^The question was cancelled/);
  });

  it("should give the agent no_answer when nobody answers in 30 s, and the dock retires by itself", async () => {
    await openSession("timeout");
    const before = resultCount();
    const question = await ask("quick deploy");
    expect(question.expiresAtMs - question.createdAtMs).toBe(TIMEOUT_TURN_MS);
    await dock().waitFor({ state: "detached", timeout: TIMEOUT_TURN_MS + WAIT_MS });
    const { text, record, expected } = await received(question, before);
    expect(record.status).toBe("expired");
    expect(text).toBe(expected);
    expect(text).toMatch(/^No answer arrived/);
  });

  it("should cancel the question as requester-inactive on Abort run, and the next turn still asks", async () => {
    await openSession("abort");
    const question = await ask("deploy");
    await page.getByRole("button", { name: "Abort run" }).click();
    const record = await until(async () => {
      const current = await demo.api.get(question.id);
      return current.status === "pending" ? undefined : current;
    }, "the cancelled record");
    expect(record).toMatchObject({ status: "cancelled", resolvedBy: "requester-inactive" });
    await dock().waitFor({ state: "detached", timeout: WAIT_MS });

    const before = resultCount();
    const next = await ask("deploy");
    await page.getByRole("radio", { name: /Staging/ }).click();
    await page.getByRole("button", { name: "Submit" }).click();
    // The aborted run's missing result is repaired into the next request; this turn's is the one after.
    const result = await until(
      () => demo.model?.toolResults.slice(before).find((entry) => entry.text.startsWith("Deploy:")),
      "the next turn's result",
    );
    expect(result.text).toBe(toAskUserResult(await demo.api.get(next.id)).text);
  });

  it("should take a message typed in the composer under the slim bar as the answer", async () => {
    await openSession("reply");
    const before = resultCount();
    const question = await ask("deploy");
    await page.keyboard.press("Escape");
    const message = page.getByRole("textbox", { name: "Message" });
    await expect(message.getAttribute("placeholder")).resolves.toBe("Your reply answers “Deploy”…");
    await type("2");
    const { text, record, expected } = await received(question, before);
    expect(record).toMatchObject({ status: "answered", resolvedBy: "plain-text" });
    expect(record.answers?.answers).toEqual({ deploy_target: ["Production"] });
    expect(text).toBe(expected);
    await page.getByText("Answered by a chat reply").first().waitFor({ timeout: WAIT_MS });
  });

  it("should bring the question and the turn back after a reload, and the answer still reaches the agent", async () => {
    await openSession("reload");
    const before = resultCount();
    const question = await ask("deploy");
    await page.getByRole("radio", { name: /Production/ }).click();
    await page.reload();
    await page.getByText("Connected", { exact: true }).waitFor({ timeout: CONNECT_MS });
    await dock().waitFor({ timeout: WAIT_MS });
    const timeline = page.getByRole("region", { name: "Timeline" });
    await timeline.getByText("deploy", { exact: true }).waitFor({ timeout: WAIT_MS });
    await page.waitForTimeout(SETTLE_MS);
    await expect(page.getByRole("radio", { name: /Production/ }).isChecked()).resolves.toBe(true);
    await page.getByRole("button", { name: "Submit" }).click();
    const { text, expected } = await received(question, before);
    expect(text).toBe(expected);
    await reply("the tool returned").waitFor({ timeout: WAIT_MS });
  });
});
