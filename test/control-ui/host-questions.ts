// Every question the Control UI shows, the plugin shows: OpenClaw's async questions, a backend's
// question records, an agent's ask_user calls; and the host's own dock where the kit cannot stand in.
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import {
  HOST_DOCK_REVEALED,
  HOST_PANEL_TOGGLE,
  HOST_QUESTION_DOCK,
  HOST_QUESTION_PANEL,
  HOST_RECORD_SUMMARY,
  HOST_SUMMARY,
} from "../../src/openclaw/plugin/host-classes";
import { REVEAL_AFTER_MS } from "../../src/openclaw/plugin/host-dock-guard";
import { messageMetaOf, readAsyncQuestionMessage } from "../../src/protocol/async-questions";
import { until, WAIT_MS } from "../agent/until";
import {
  ASK_ASYNC_PROMPT,
  asyncQuestionsOf,
  asyncVisibleText,
  type ControlUiGateway,
} from "./gateway";

const SESSION = "agent:main:main";
const SETTLE_MS = 600;
/**
 * How long the Control UI's own question panel may take to send a reply: it may hold one while it
 * takes the agent's run for still going (in CI it once sent one 88 s after the click).
 */
const HOST_REPLY_WAIT_MS = 2 * WAIT_MS;
/** The plugin's assets: a page that loads none of them is the stock Control UI. */
const PLUGIN_ASSETS = /ask-user-kit/;

/** What the suite's file started: its gateway, browser and the page with the plugin. */
export type SuiteContext = { gateway: ControlUiGateway; browser: Browser; page: Page };

type Fields = Record<string, unknown>;

/** The elements `selector` finds in `page` that show. */
async function visibleCount(locator: Locator): Promise<number> {
  let visible = 0;
  for (const element of await locator.all()) if (await element.isVisible()) visible += 1;
  return visible;
}

/** The thread's row of the assistant message that carries the n-th async question. */
const asyncMessageRow = (on: Page, n: number) =>
  on.locator(`.chat-bubble[data-message-text*="${asyncVisibleText(n)}"]`).first();

async function history(gateway: ControlUiGateway): Promise<Fields[]> {
  const payload = (await gateway.client.request("chat.history", { sessionKey: SESSION })) as Fields;
  return payload.messages as Fields[];
}

/** The gateway's id of the n-th async question's message, once it is in the history. */
async function asyncMessageId(gateway: ControlUiGateway, n: number): Promise<string> {
  const itemId = `asyncq-control-ui-${n}`;
  return until(async () => {
    const message = (await history(gateway)).find(
      (candidate) => readAsyncQuestionMessage(candidate)?.itemId === itemId,
    );
    return message === undefined ? undefined : (messageMetaOf(message).id ?? undefined);
  }, `async question ${n} in the history`);
}

/** The user's reply to the n-th async question, once the history holds it. */
async function replyInHistory(
  gateway: ControlUiGateway,
  n: number,
  what: string,
  waitMs?: number,
): Promise<Fields> {
  const id = await asyncMessageId(gateway, n);
  return until(
    async () =>
      (await history(gateway)).find(
        (message) => message.role === "user" && messageMetaOf(message).replyToId === id,
      ),
    what,
    waitMs,
  );
}

/** Has the agent ask a new async question from `on`'s composer; resolves with its number. */
async function askAsync(gateway: ControlUiGateway, on: Page): Promise<number> {
  const before = gateway.asyncAsked();
  const field = on.locator('textarea[aria-label="Chat composer"]').first();
  await field.fill(ASK_ASYNC_PROMPT);
  await field.press("Enter");
  return until(
    () => (gateway.asyncAsked() > before ? before + 1 : undefined),
    "the async question",
  );
}

/** The kit's dock, expanded on the question titled `title`. */
async function kitDockShowing(on: Page, title: string): Promise<Locator> {
  const kit = on.locator(".ask-composer-dock");
  await kit
    .getByText(title)
    .first()
    .or(on.locator(".ask-bar"))
    .first()
    .waitFor({ timeout: WAIT_MS });
  if (await on.locator(".ask-bar").isVisible()) {
    await on.getByRole("button", { name: "Show question" }).click();
  }
  const panel = on.locator(".ask-dock, .ask-card").first();
  await panel.getByText(title).first().waitFor({ timeout: WAIT_MS });
  await on.waitForTimeout(SETTLE_MS);
  return panel;
}

/** A page of the stock Control UI on the same gateway: the plugin's assets never load. */
async function openStockPage(
  context: SuiteContext,
): Promise<{ stock: Page; close(): Promise<void> }> {
  const stockContext: BrowserContext = await context.browser.newContext({
    viewport: { width: 1280, height: 860 },
    reducedMotion: "reduce",
  });
  await stockContext.route(PLUGIN_ASSETS, (route) => route.abort());
  const stock = await stockContext.newPage();
  await stock.goto(context.gateway.controlUiUrl);
  await stock.locator('textarea[aria-label="Chat composer"]').first().waitFor({ timeout: WAIT_MS });
  return { stock, close: () => stockContext.close() };
}

export function describeQuestionsTheHostShows(context: () => SuiteContext): void {
  describe("given questions the Control UI shows besides the kit's (issue 43)", () => {
    let stockPage: { stock: Page; close(): Promise<void> } | null = null;
    const stock = async () => {
      stockPage ??= await openStockPage(context());
      return stockPage.stock;
    };

    afterAll(async () => {
      await stockPage?.close();
    });

    it("should show an agent's async question in the kit's dock, keep its message row, answer it as OpenClaw does, and show it answered after a reload, here and in the stock UI", async () => {
      const { gateway, page } = context();
      const n = await askAsync(gateway, page);
      const [question] = asyncQuestionsOf(n);
      if (question === undefined) throw new Error("no async question");
      const panel = await kitDockShowing(page, question.title);
      // The host's own dock holds it too, hidden: the kit stands for it.
      expect(await visibleCount(page.locator(HOST_QUESTION_DOCK))).toBe(0);
      // Its message's row is not empty: the host's summary of its questions replaces the body.
      const row = asyncMessageRow(page, n);
      await row.getByText(question.title).first().waitFor({ timeout: WAIT_MS });

      await panel.getByRole("radio", { name: /SQLite/ }).click();
      await panel.locator('button[data-variant="primary"]').click();
      const reply = await replyInHistory(gateway, n, "the kit's answer in the history");
      expect(JSON.stringify(reply.content)).toContain(`> ${question.title}\\n\\nSQLite`);
      // The host's summary in the same page learns of it from the same history.
      await row.getByText("Answer sent").first().waitFor({ timeout: WAIT_MS });

      await page.reload();
      await page.locator(".ask-composer-dock").waitFor({ timeout: WAIT_MS });
      await asyncMessageRow(page, n).getByText("SQLite").first().waitFor({ timeout: WAIT_MS });
      await page.waitForTimeout(SETTLE_MS);
      // Nothing left unanswered, in the kit's dock or the host's hidden one.
      expect(await page.locator(".ask-dock, .ask-card").count()).toBe(0);
      expect(await page.locator(`${HOST_QUESTION_DOCK} ${HOST_QUESTION_PANEL}`).count()).toBe(0);

      const stockUi = await stock();
      const stockRow = asyncMessageRow(stockUi, n);
      await stockRow.getByText("Answer sent").first().waitFor({ timeout: WAIT_MS });
      expect(await stockUi.locator(".ask-composer-dock").count()).toBe(0);
      expect(await stockUi.locator(`${HOST_QUESTION_DOCK} ${HOST_QUESTION_PANEL}`).count()).toBe(0);
    });

    it("should retire an async question answered in the stock Control UI, as answered elsewhere", async () => {
      const { gateway, page } = context();
      const stockUi = await stock();
      const n = await askAsync(gateway, stockUi);
      const [question] = asyncQuestionsOf(n);
      if (question === undefined) throw new Error("no async question");
      await kitDockShowing(page, question.title);
      const hostPanel = stockUi.locator(`${HOST_QUESTION_DOCK} ${HOST_QUESTION_PANEL}`).first();
      await hostPanel.getByText(question.title).first().waitFor({ timeout: WAIT_MS });
      // The stock UI brings a new async question in collapsed.
      const expand = hostPanel.locator("button.chat-question-panel__collapsed-button");
      if ((await expand.count()) > 0) await expand.click();
      await hostPanel.getByRole("radio", { name: /SQLite/ }).click();
      await hostPanel.locator("button.chat-question-panel__advance").click();
      // The kit's part starts when the stock UI's reply is in the history.
      await replyInHistory(gateway, n, "the stock UI's answer in the history", HOST_REPLY_WAIT_MS);
      await page
        .getByText(/answered elsewhere/i)
        .first()
        .waitFor({ timeout: WAIT_MS });
      await until(
        async () =>
          (await page.locator(".ask-dock, .ask-card").getByText(question.title).count()) === 0
            ? true
            : undefined,
        "the kit to retire the question",
      );
    });

    it("should give an async question dismissed in the kit's dock back to the host's own dock, where it can still be answered", async () => {
      const { gateway, page } = context();
      const n = await askAsync(gateway, page);
      const [question] = asyncQuestionsOf(n);
      if (question === undefined) throw new Error("no async question");
      const panel = await kitDockShowing(page, question.title);
      await panel.getByRole("button", { name: "Dismiss" }).click();
      await until(
        async () =>
          (await page.locator(".ask-dock, .ask-card").getByText(question.title).count()) === 0
            ? true
            : undefined,
        "the kit to let it go",
      );
      // The thread has no summary of the kit's to bring it back from: the host's dock shows it.
      const hostDock = page.locator(`.ask-composer-dock ${HOST_QUESTION_DOCK}`).first();
      await until(
        async () => ((await hostDock.isVisible()) ? true : undefined),
        "the host's dock to show it",
      );
      await expect(hostDock.getByText(question.title).first().isVisible()).resolves.toBe(true);
      // Answered there, as OpenClaw does (its own Dismiss would leave it waiting in the history,
      // for every later page to show): the reply reaches the history and the dock lets it go.
      const expand = hostDock.locator("button.chat-question-panel__collapsed-button");
      if ((await expand.count()) > 0) await expand.click();
      await hostDock.getByRole("radio", { name: /SQLite/ }).click();
      await hostDock.locator("button.chat-question-panel__advance").click();
      await replyInHistory(gateway, n, "the host's answer in the history", HOST_REPLY_WAIT_MS);
      await asyncMessageRow(page, n).getByText("Answer sent").first().waitFor({ timeout: WAIT_MS });
      await until(
        async () =>
          (await visibleCount(page.locator(HOST_QUESTION_DOCK))) === 0 ? true : undefined,
        "the host's dock to let it go",
      );
    });

    it("should leave one summary in the thread for a backend question answered in the kit's dock", async () => {
      const { gateway, page } = context();
      const asked = "Which region should the backup go to?";
      const { id } = await gateway.api.request({
        questions: [
          {
            questionId: "region",
            header: "Region",
            question: asked,
            options: [{ label: "Frankfurt" }, { label: "Dublin" }],
          },
        ],
        sessionKey: SESSION,
      });
      const panel = await kitDockShowing(page, asked);
      await panel.getByRole("radio", { name: /Dublin/ }).click();
      await panel.locator('button[data-variant="primary"]').click();
      await until(async () => {
        const record = await gateway.api.get(id);
        return record.status === "answered" ? record : undefined;
      }, "the answer");
      const summaries = page.locator(`${HOST_SUMMARY}, .ask-summary`).filter({ hasText: asked });
      await summaries.first().waitFor({ timeout: WAIT_MS });
      await page.waitForTimeout(SETTLE_MS);
      expect(await visibleCount(summaries)).toBe(1);
      await expect(summaries.getByText("Dublin").first().isVisible()).resolves.toBe(true);
    });

    it("should leave the host's dock visible when a class name the plugin relies on is missing", async () => {
      const { gateway, page } = context();
      const asked = "Which branch should the hotfix land on?";
      const { id } = await gateway.api.request({
        questions: [
          {
            questionId: "branch",
            header: "Branch",
            question: asked,
            options: [{ label: "main" }, { label: "release" }],
          },
        ],
        sessionKey: SESSION,
      });
      try {
        await kitDockShowing(page, asked);
        // The kit's bar leaves the composer, and the host's dock in it, in view.
        await page.keyboard.press("Escape");
        await page.locator(".ask-bar").waitFor({ timeout: WAIT_MS });
        const hostDock = page.locator(`.ask-composer-dock ${HOST_QUESTION_DOCK}`).first();
        await hostDock.waitFor({ state: "attached", timeout: WAIT_MS });
        await page.waitForTimeout(REVEAL_AFTER_MS + SETTLE_MS);
        await expect(hostDock.isVisible()).resolves.toBe(false);
        // A host version without the panel's collapse control, as the kit knows it.
        await page.evaluate((toggle) => {
          for (const element of document.querySelectorAll(toggle))
            element.className = "renamed-by-the-test";
        }, HOST_PANEL_TOGGLE);
        await until(
          async () => ((await hostDock.isVisible()) ? true : undefined),
          "the host's dock to show",
        );
        await expect(hostDock.getAttribute(HOST_DOCK_REVEALED)).resolves.not.toBeNull();
        // Collapsed by the kit, it names the question by its header.
        await expect(hostDock.getByText("Branch").first().isVisible()).resolves.toBe(true);
      } finally {
        await gateway.api.cancel(id).catch(() => undefined);
      }
    });
  });
}

/** The host's summaries of question records that show in `on` with `text`. */
export const visibleHostRecordSummaries = (on: Page, text: string) =>
  visibleCount(on.locator(HOST_RECORD_SUMMARY).filter({ hasText: text }));
