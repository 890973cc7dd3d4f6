// OpenClaw async questions from a real agent turn (the scripted model's reply marked for the
// async-question test plugin), answered on the demo page in Chromium: the page is a README host
// (QuestionsProvider on createBrowserGatewayClient with its default scopes, the composer dock, a
// timeline of AnswerSummary). Dismiss, drafts and the offline queue are the page's own and run on
// the mock gateway in `npm run test:e2e`.
import { randomUUID } from "node:crypto";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningDemo, startDemo } from "../../scripts/demo/start-demo";
import { ASYNC_QUESTION_TEXT, demoAsyncDelivery } from "../../src/demo/shared/async-question";
import { createBackendGatewayClient } from "../../src/gateway/backend-client";
import type { GatewayClient } from "../../src/gateway/types";
import {
  createWsSocketFactory,
  type ScriptedModel,
  startScriptedModel,
} from "../../src/testing/index";
import { type GatewayPeer, startPeer } from "../conformance/peers";
import { asyncQuestionReply } from "../support/async-question-plugin/reply";
import { launchChromium } from "../support/chromium";
import { until, WAIT_MS } from "./until";

const ASK_PROMPT = "agent test: ask me while you work";
const PLAIN_REPLY = "Noted.";
const OPTIONAL_REGION = "Optional question · work can continue";
const [DATABASE, EXTRAS] = demoAsyncDelivery("titles").questions;
const DATABASE_TITLE = DATABASE?.title ?? "";
const EXTRAS_TITLE = EXTRAS?.title ?? "";
const CONNECT_MS = 30_000;
/** Longer than the dock's guard against clicks aimed at what it showed before it switched. */
const SETTLE_MS = 600;

type Fields = Record<string, unknown>;
type StoredMessage = { role: string; text: string; id: string | null; replyToId: string | null };

/** OpenClaw's Control UI's answer text (docs): quoted title, blank line, answers; joined by blank lines. */
const quotedAnswer = (answers: Array<[title: string, values: string[]]>) =>
  answers.map(([title, values]) => `> ${title}\n\n${values.join(", ")}`).join("\n\n");

const textOf = (content: unknown): string =>
  typeof content === "string"
    ? content
    : Array.isArray(content)
      ? content.map((part) => String((part as Fields).text ?? "")).join("")
      : "";

describe("given a real agent that asks async questions, and the demo page on its gateway", () => {
  let model: ScriptedModel;
  let peer: GatewayPeer;
  let demo: RunningDemo;
  let browser: Browser;
  let other: GatewayClient;
  let context: BrowserContext | undefined;
  let page: Page;
  let sessionKey: string;
  let asked = 0;

  beforeAll(async () => {
    model = await startScriptedModel([
      {
        matches: (prompt) => prompt.includes(ASK_PROMPT),
        askUser: null,
        // Each turn's question has its own item id, as OpenClaw's do.
        reply: () => {
          asked += 1;
          return asyncQuestionReply(
            demoAsyncDelivery(`asyncq-agent-${asked}`),
            ASYNC_QUESTION_TEXT,
          );
        },
      },
      { matches: () => true, askUser: null, reply: () => PLAIN_REPLY },
    ]);
    peer = await startPeer("real", { model: { baseUrl: model.baseUrl }, asyncQuestions: true });
    demo = await startDemo({ gateway: { url: peer.url, token: peer.token }, hmr: false });
    browser = await launchChromium();
    // Another client on the gateway: it starts the agent's turns and reads the transcript.
    other = createBackendGatewayClient({
      url: peer.url,
      token: peer.token,
      socketFactory: createWsSocketFactory(),
      scopes: ["operator.questions", "operator.read", "operator.write"],
    });
    other.connect();
    await until(() => (other.getState().status === "connected" ? true : undefined), "the client");
  });

  afterAll(async () => {
    other?.close();
    await context?.close();
    await browser?.close();
    await demo?.close();
    await peer?.close();
    await model?.close();
  });

  /** A fresh tab on a session of its own. */
  async function openSession(name: string): Promise<void> {
    await context?.close();
    context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    page = await context.newPage();
    sessionKey = `agent:main:async-${name}-${Date.now().toString(36)}`;
    await page.goto(`${demo.pageUrl}?session=${encodeURIComponent(sessionKey)}`);
    await page.getByText("Connected", { exact: true }).waitFor({ timeout: CONNECT_MS });
  }

  const optional = () => page.getByRole("region", { name: OPTIONAL_REGION });
  const questionUi = () => page.locator(".ask-composer-dock .ask-dock").first();
  const summary = () => page.locator(".ask-summary", { hasText: DATABASE_TITLE }).last();

  async function history(): Promise<StoredMessage[]> {
    const payload = await other.request<Fields>("chat.history", { sessionKey });
    return ((payload.messages ?? []) as Fields[]).map((message) => {
      const meta = (message.__openclaw ?? {}) as Fields;
      return {
        role: String(message.role),
        text: textOf(message.content),
        id: typeof meta.id === "string" ? meta.id : null,
        replyToId: typeof meta.replyToId === "string" ? meta.replyToId : null,
      };
    });
  }

  /** Sends a chat message as another client and waits for its run's end on the gateway. */
  async function send(message: string, extra: Fields = {}): Promise<void> {
    const runId = randomUUID();
    const ended = new Promise<void>((resolve) => {
      const stop = other.subscribe((event) => {
        if (event.type !== "event" || event.frame.event !== "chat") return;
        const payload = event.frame.payload as Fields;
        if (
          payload.runId !== runId ||
          !["final", "error", "aborted"].includes(String(payload.state))
        )
          return;
        stop();
        resolve();
      });
    });
    await other.request("chat.send", { sessionKey, message, idempotencyKey: runId, ...extra });
    await Promise.race([
      ended,
      new Promise((_, reject) =>
        setTimeout(() => reject(new Error("the run did not end")), WAIT_MS),
      ),
    ]);
  }

  /** Makes the agent ask; resolves with the question message's id once the page shows it. */
  async function ask(): Promise<string> {
    await send(ASK_PROMPT);
    await optional().getByText(DATABASE_TITLE).first().waitFor({ timeout: WAIT_MS });
    await page.waitForTimeout(SETTLE_MS);
    const found = (await history()).find(
      (message) => message.role === "assistant" && message.text.includes(ASYNC_QUESTION_TEXT),
    );
    if (found?.id == null) throw new Error("no async question message in chat.history");
    return found.id;
  }

  const repliesTo = async (messageId: string) =>
    (await history()).filter(
      (message) => message.role === "user" && message.replyToId === messageId,
    );

  it("should answer on the page with OpenClaw's quoted form and replyToId, as chat.history stores it", async () => {
    await openSession("answer");
    const messageId = await ask();
    expect(
      await optional()
        .getByRole("radio", { name: /Postgres/ })
        .isChecked(),
    ).toBe(true);
    expect(await repliesTo(messageId)).toEqual([]);
    await questionUi()
      .getByRole("radio", { name: /SQLite/ })
      .click();
    await questionUi().getByText(EXTRAS_TITLE).first().waitFor();
    await questionUi().getByRole("textbox").fill("Use UTC timestamps");
    await questionUi().getByRole("button", { name: "Submit" }).click();
    await optional().waitFor({ state: "hidden", timeout: WAIT_MS });
    await summary().getByText("Your answer was sent.").waitFor({ timeout: WAIT_MS });
    const replies = await until(async () => {
      const found = await repliesTo(messageId);
      return found.length > 0 ? found : undefined;
    }, "the answer in chat.history");
    expect(replies.map((reply) => reply.text)).toEqual([
      quotedAnswer([
        [DATABASE_TITLE, ["SQLite"]],
        [EXTRAS_TITLE, ["Use UTC timestamps"]],
      ]),
    ]);
  });

  it("should retire the question as answered elsewhere when another client replies to it", async () => {
    await openSession("elsewhere");
    const messageId = await ask();
    const text = quotedAnswer([
      [DATABASE_TITLE, ["MySQL"]],
      [EXTRAS_TITLE, ["From the other tab"]],
    ]);
    await send(text, { replyToId: messageId, deliver: false });
    await optional().waitFor({ state: "hidden", timeout: WAIT_MS });
    await summary().getByText("Answered elsewhere").waitFor({ timeout: WAIT_MS });
    await summary().getByText("MySQL", { exact: true }).waitFor();
  });

  it("should show the question no longer pending once a later run of the session completes", async () => {
    await openSession("stale");
    await ask();
    await send("carry on with the migration");
    await optional().waitFor({ state: "hidden", timeout: WAIT_MS });
    await summary()
      .getByText(/is no longer pending/)
      .waitFor({ timeout: WAIT_MS });
  });
});
