// The plugin, installed from its packed archive, inside the real Control UI in Chromium.
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { buildPlugin } from "../../scripts/build-plugin";
import { HOST_QUESTION_UI } from "../../src/openclaw/plugin/host-classes";
import { toAskUserResult } from "../../src/protocol/ask-user-result";
import type { Question, QuestionRecord } from "../../src/protocol/types";
import { until, WAIT_MS } from "../agent/until";
import { launchChromium } from "../support/chromium";
import {
  compareWithBaseline,
  expectEveryControlNamed,
  expectNoAxeViolations,
  expectNoHorizontalOverflow,
} from "../surfaces/checks";
import { type ControlUiGateway, startControlUiGateway } from "./gateway";
import { describeQuestionsTheHostShows, visibleHostRecordSummaries } from "./host-questions";

const SESSION = "agent:main:main";
/** Longer than the dock's guard against clicks aimed at what was there before it switched. */
const SETTLE_MS = 600;
const DEPLOY_QUESTION = {
  questionId: "target",
  header: "Target",
  question: "Which environment should receive this release?",
  options: [{ label: "Staging" }, { label: "Production" }],
  isOther: true,
};

/**
 * Lets the test drop the page's gateway socket and hold its reconnects off: while held, a new
 * socket goes to a closed port and fails, as on a network outage.
 */
const SOCKET_CONTROL = `
  const Native = window.WebSocket;
  const open = new Set();
  window.__askSockets = { held: false, drop: () => { for (const s of open) s.close(); } };
  window.WebSocket = class extends Native {
    constructor(url, protocols) {
      super(window.__askSockets.held ? "ws://127.0.0.1:9/" : url, protocols);
      open.add(this);
      this.addEventListener("close", () => open.delete(this));
    }
  };
`;
/** Counts the clicks that reach the real composer from now on. */
const COUNT_COMPOSER_CLICKS = `
  window.__askComposerClicks = 0;
  document.addEventListener("click", (event) => {
    if (event.target instanceof Element && event.target.closest(".ask-composer-dock__composer")) {
      window.__askComposerClicks += 1;
    }
  }, { capture: true });
`;
/**
 * From now on, each animation frame in which the composer's area shows without a message field
 * to type in (the built-in composer, its field still taken over by the host's hidden panel).
 */
const COUNT_FIELDLESS_FRAMES = `
  window.__askFieldlessFrames = 0;
  const started = performance.now();
  const check = () => {
    const area = document.querySelector(".ask-composer-dock__composer");
    const shown = area instanceof HTMLElement && !area.hidden && area.getClientRects().length > 0;
    const field = area?.querySelector("textarea");
    const fieldShown = field instanceof HTMLElement && field.getClientRects().length > 0;
    if (shown && !fieldShown) window.__askFieldlessFrames += 1;
    if (!(shown && fieldShown) && performance.now() - started < 3000) requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
`;
/** Between two keys of a fast typist (about 400 words a minute). */
const TYPING_DELAY_MS = 30;
/** How long the socket stays down: the host notices and ends the activation meanwhile. */
const OUTAGE_MS = 2_000;

let gateway: ControlUiGateway;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  const plugin = await buildPlugin();
  gateway = await startControlUiGateway(plugin);
  browser = await launchChromium();
  // The Control UI has a strict CSP; axe-core is injected as a script of the test.
  page = await browser.newPage({
    viewport: { width: 1280, height: 860 },
    reducedMotion: "reduce",
    bypassCSP: true,
  });
  await page.addInitScript(SOCKET_CONTROL);
  await page.goto(gateway.controlUiUrl);
  await page.locator(".ask-composer-dock").waitFor({ timeout: WAIT_MS });
});

// A failed test must not leave a question waiting for the next one.
afterEach(async () => {
  for (const record of await gateway.api.list()) {
    if (record.status === "pending") await gateway.api.cancel(record.id);
  }
});

afterAll(async () => {
  await browser?.close();
  await gateway?.close();
});

const dock = () => page.locator(".ask-dock, .ask-card").first();
const composer = () => page.locator(".ask-composer-dock__composer textarea").first();

/** The Control UI's own question dock and panel that show: none may, the kit's replaces them. */
async function visibleHostQuestionUi(): Promise<number> {
  let visible = 0;
  for (const selector of HOST_QUESTION_UI) {
    for (const element of await page.locator(selector).all()) {
      if (await element.isVisible()) visible += 1;
    }
  }
  return visible;
}

/** React renders a pick just after the key's events: wait for it. */
async function waitUntilChecked(name: RegExp): Promise<void> {
  await dock().getByRole("radio", { name, checked: true }).waitFor({ timeout: WAIT_MS });
}

/** How long one arrow press may take to show its pick before it is taken for a lost key. */
const ARROW_SHOWN_MS = 10_000;
const ARROW_TRIES = 3;

/**
 * Presses `key` on the picked option and waits for `next` to be picked. On a slow machine the host
 * may re-run the activation (a reconnect) and the dock comes back with the pick but not the focus;
 * when that happens between reading the focus and the key press, the key goes to the page and is
 * lost, and the user presses it again from the pick: so does this, at most three times, saying so.
 */
async function pressArrowFromPick(from: RegExp, key: string, next: RegExp): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    const picked = dock().getByRole("radio", { name: from, checked: true });
    if (!(await picked.evaluate((radio) => radio === document.activeElement))) await picked.focus();
    await page.keyboard.press(key);
    try {
      await dock()
        .getByRole("radio", { name: next, checked: true })
        .waitFor({ timeout: ARROW_SHOWN_MS });
      return;
    } catch (error) {
      const focused = await page.evaluate(
        () =>
          `${document.activeElement?.tagName ?? "none"} ${document.activeElement?.className ?? ""}`,
      );
      if (attempt === ARROW_TRIES) throw error;
      console.log(
        `${key} press ${attempt} showed no pick in ${ARROW_SHOWN_MS} ms (focus on ${focused}); pressed again`,
      );
    }
  }
}

async function waitForAnswer(id: string): Promise<QuestionRecord> {
  return until(async () => {
    const record = await gateway.api.get(id);
    return record.status === "pending" ? undefined : record;
  }, "the question to end");
}

describe("given the ask-user-kit plugin in the real OpenClaw Control UI", () => {
  it("should watch the host's internal class names it depends on (fails when the host renames them)", async () => {
    const { id } = await gateway.api.request({ questions: [DEPLOY_QUESTION], sessionKey: SESSION });
    await dock().waitFor({ timeout: WAIT_MS });
    // The built-in composer's question panel is there, hidden; the kit collapses it with its bar.
    await until(
      async () =>
        (await page.locator("section.chat-question-panel").count()) > 0 ? true : undefined,
      "the host's own question panel in the DOM",
    );
    expect(await visibleHostQuestionUi()).toBe(0);
    await gateway.api.cancel(id);
    await dock().waitFor({ state: "detached", timeout: WAIT_MS });
  });

  it("should show an injected question in the kit's dock in the composer's place, with no axe violation, and answer it by click", async () => {
    const { id } = await gateway.api.request({ questions: [DEPLOY_QUESTION], sessionKey: SESSION });
    await dock().waitFor({ timeout: WAIT_MS });
    await page.waitForTimeout(SETTLE_MS);
    expect(await visibleHostQuestionUi()).toBe(0);
    await expectNoAxeViolations(page, "the dock inside the Control UI", ".ask-composer-dock");
    await dock()
      .getByRole("radio", { name: /Production/ })
      .click();
    await dock().getByRole("button", { name: "Submit" }).click();
    const record = await waitForAnswer(id);
    expect(record.answers?.answers).toEqual({ target: ["Production"] });
    // The real composer is back, with the focus.
    await composer().waitFor({ state: "visible", timeout: WAIT_MS });
    await until(
      async () =>
        (await composer().evaluate((node) => node === document.activeElement)) ? true : undefined,
      "the focus in the real composer",
    );
  });

  it("should give the real composer back with its message field in the first frame after Submit", async () => {
    const { id } = await gateway.api.request({ questions: [DEPLOY_QUESTION], sessionKey: SESSION });
    await dock().waitFor({ timeout: WAIT_MS });
    await page.waitForTimeout(SETTLE_MS);
    await dock()
      .getByRole("radio", { name: /Production/ })
      .click();
    await page.evaluate(COUNT_FIELDLESS_FRAMES);
    await dock().getByRole("button", { name: "Submit" }).click();
    await composer().waitFor({ state: "visible", timeout: WAIT_MS });
    expect(await page.evaluate("window.__askFieldlessFrames")).toBe(0);
    const record = await waitForAnswer(id);
    expect(record.answers?.answers).toEqual({ target: ["Production"] });
  });

  it("should keep what the user types right after Submit, for the real composer", async () => {
    const { id } = await gateway.api.request({ questions: [DEPLOY_QUESTION], sessionKey: SESSION });
    try {
      await dock().waitFor({ timeout: WAIT_MS });
      await dock()
        .getByRole("radio", { name: /Production/ })
        .click();
      await page.keyboard.press("Enter");
      // As a fast typist goes on with the next message, once the dock has gone.
      await dock().waitFor({ state: "hidden", timeout: WAIT_MS });
      await page.keyboard.type("next step", { delay: TYPING_DELAY_MS });
      await composer().waitFor({ state: "visible", timeout: WAIT_MS });
      await until(
        async () => ((await composer().inputValue()) === "next step" ? true : undefined),
        "the typed text in the real composer",
      ).catch(async () => {
        throw new Error(`the real composer holds ${JSON.stringify(await composer().inputValue())}`);
      });
      const record = await waitForAnswer(id);
      expect(record.answers?.answers).toEqual({ target: ["Production"] });
    } finally {
      await gateway.api.cancel(id).catch(() => undefined);
      await composer().fill("");
    }
  });

  it("should keep the second click of a double-click on Submit off the real composer, whose button then sits there", async () => {
    const { id } = await gateway.api.request({ questions: [DEPLOY_QUESTION], sessionKey: SESSION });
    await dock().waitFor({ timeout: WAIT_MS });
    await dock()
      .getByRole("radio", { name: /Production/ })
      .click();
    const box = await dock().getByRole("button", { name: "Submit" }).boundingBox();
    if (box === null) throw new Error("Submit has no box");
    const x = box.x + box.width / 2;
    const y = box.y + box.height / 2;
    await page.mouse.click(x, y);
    await composer().waitFor({ state: "visible", timeout: WAIT_MS });
    await page.evaluate(COUNT_COMPOSER_CLICKS);
    // The second click of a double-click, as a hand makes it: after the dock gave way.
    await page.mouse.click(x, y);
    expect(await page.evaluate("window.__askComposerClicks")).toBe(0);
    // Nor does the pointer resting there open the tooltip of what is now under it.
    expect(await page.locator(".ask-composer-dock__composer :popover-open").count()).toBe(0);
    const record = await waitForAnswer(id);
    expect(record.answers?.answers).toEqual({ target: ["Production"] });
  });

  it("should answer an injected question by keyboard: the digit picks, the arrow moves, Enter submits", async () => {
    const { id } = await gateway.api.request({ questions: [DEPLOY_QUESTION], sessionKey: SESSION });
    await dock().waitFor({ timeout: WAIT_MS });
    await page.waitForTimeout(SETTLE_MS);
    await dock().getByRole("radio").first().focus();
    await page.keyboard.press("2");
    await waitUntilChecked(/Production/);
    await pressArrowFromPick(/Production/, "ArrowUp", /Staging/);
    // The host's type-to-compose left the key alone: nothing landed in its composer.
    await expect(composer().inputValue()).resolves.toBe("");
    await page.keyboard.press("Enter");
    const record = await waitForAnswer(id);
    expect(record.answers?.answers).toEqual({ target: ["Staging"] });
  });

  it("should answer a real agent's question by click; the agent receives the kit's result, and one summary shows", async () => {
    const model = gateway.model;
    if (model === null) throw new Error("no scripted model");
    const before = model.toolResults.length;
    await composer().fill("deploy");
    await page.keyboard.press("Enter");
    await dock().waitFor({ timeout: WAIT_MS });
    await page.waitForTimeout(SETTLE_MS);
    const question = await until(
      async () => (await gateway.api.list()).find((record) => record.runId !== undefined),
      "the agent's question",
    );
    await dock()
      .getByRole("radio", { name: /Production/ })
      .click();
    await dock().getByRole("button", { name: "Submit" }).click();
    const received = await until(() => model.toolResults[before], "the tool result");
    const record = await waitForAnswer(question.id);
    expect(received.text).toBe(toAskUserResult(record).text);
    await page.getByText("the tool returned").first().waitFor({ timeout: WAIT_MS });
    const summaries = page.locator(".ask-summary", {
      hasText: "Where should I deploy this build?",
    });
    // The host may draw the turn again from its history after the reply: the summary can be
    // remounted, so wait for it, then make sure a second one does not follow.
    await summaries.first().waitFor({ timeout: WAIT_MS });
    await page.waitForTimeout(SETTLE_MS);
    await expect(summaries.count()).resolves.toBe(1);
    expect(await visibleHostQuestionUi()).toBe(0);
    // The host's own summary of the call's question, in the same turn, stays hidden.
    await expect(
      visibleHostRecordSummaries(page, "Where should I deploy this build?"),
    ).resolves.toBe(0);

    await page.reload();
    await page.locator(".ask-composer-dock").waitFor({ timeout: WAIT_MS });
    await summaries.first().waitFor({ timeout: WAIT_MS });
    await expect(summaries.count()).resolves.toBe(1);
    await expect(summaries.first().textContent()).resolves.toContain("Production");
  });

  it("should answer a real agent's question by keyboard; the agent receives the kit's result", async () => {
    const model = gateway.model;
    if (model === null) throw new Error("no scripted model");
    const before = model.toolResults.length;
    await composer().fill("deploy");
    await page.keyboard.press("Enter");
    await dock().waitFor({ timeout: WAIT_MS });
    await page.waitForTimeout(SETTLE_MS);
    const question = await until(
      async () =>
        (await gateway.api.list()).find(
          (record) => record.runId !== undefined && record.status === "pending",
        ),
      "the agent's question",
    );
    // The dock took the focus over from the idle composer: the keys go to it straight away.
    await page.keyboard.press("2");
    await page.keyboard.press("Enter");
    const received = await until(() => model.toolResults[before], "the tool result");
    const record = await waitForAnswer(question.id);
    expect(Object.values(record.answers?.answers ?? {})).toEqual([["Production"]]);
    expect(received.text).toBe(toAskUserResult(record).text);
  });

  it("should re-run the activation after a dropped socket, keep the draft, and show a question asked meanwhile", async () => {
    const first = await gateway.api.request({ questions: [DEPLOY_QUESTION], sessionKey: SESSION });
    await dock().waitFor({ timeout: WAIT_MS });
    await page.waitForTimeout(SETTLE_MS);
    await dock()
      .getByRole("radio", { name: /Staging/ })
      .click();
    const activationRoot = await page.locator(".ask-composer-dock").elementHandle();
    await page.evaluate("window.__askSockets.held = true; window.__askSockets.drop()");
    const meanwhile = await gateway.api.request({
      questions: [{ ...DEPLOY_QUESTION, header: "Region", question: "Which region first?" }],
      sessionKey: SESSION,
    });
    await page.waitForTimeout(OUTAGE_MS);
    await page.evaluate("window.__askSockets.held = false");
    // A new activation mounts a new dock; the old one is gone with its activation.
    await until(
      async () => ((await activationRoot?.evaluate((node) => node.isConnected)) ? undefined : true),
      "the old activation's dock to go",
    );
    await dock().waitFor({ timeout: WAIT_MS });
    await waitUntilChecked(/Staging/);
    await dock().getByRole("button", { name: "Submit" }).click();
    await expect(waitForAnswer(first.id)).resolves.toMatchObject({ status: "answered" });
    await dock().getByText("Which region first?").waitFor({ timeout: WAIT_MS });
    await page.waitForTimeout(SETTLE_MS);
    await dock()
      .getByRole("radio", { name: /Production/ })
      .click();
    await dock().getByRole("button", { name: "Submit" }).click();
    const record = await waitForAnswer(meanwhile.id);
    expect(record.answers?.answers).toEqual({ target: ["Production"] });
  });

  it("should keep the real composer, its draft and its focus when a question arrives while the user writes", async () => {
    await composer().fill("a message I am writing");
    const { id } = await gateway.api.request({ questions: [DEPLOY_QUESTION], sessionKey: SESSION });
    await page.locator(".ask-bar").waitFor({ timeout: WAIT_MS });
    await page.waitForTimeout(SETTLE_MS);
    expect(await visibleHostQuestionUi()).toBe(0);
    await expect(composer().isVisible()).resolves.toBe(true);
    await expect(composer().inputValue()).resolves.toBe("a message I am writing");
    await expect(composer().evaluate((node) => node === document.activeElement)).resolves.toBe(
      true,
    );
    await page.keyboard.type(", still");
    await expect(composer().inputValue()).resolves.toBe("a message I am writing, still");
    await composer().fill("");
    await gateway.api.cancel(id);
  });

  it("should collapse to the bar above the real composer on Escape, and keep the composer's draft", async () => {
    const { id } = await gateway.api.request({ questions: [DEPLOY_QUESTION], sessionKey: SESSION });
    await dock().waitFor({ timeout: WAIT_MS });
    await page.waitForTimeout(SETTLE_MS);
    await page.keyboard.press("Escape");
    await page.locator(".ask-bar").waitFor({ timeout: WAIT_MS });
    expect(await visibleHostQuestionUi()).toBe(0);
    await composer().fill("half a thought");
    await page.getByRole("button", { name: "Show question" }).click();
    await dock().waitFor();
    await page.keyboard.press("Escape");
    await expect(composer().inputValue()).resolves.toBe("half a thought");
    await gateway.api.cancel(id);
  });
});

describeQuestionsTheHostShows(() => ({ gateway, browser, page }));

/** The surface matrix's widths and baselines (test:surfaces); this host needs the real Control UI. */
const WIDE = { width: 1280, height: 800 };
const SURFACE_WIDTHS = [WIDE, { width: 390, height: 844 }];
const SURFACE_LOCALES = ["en", "ar"] as const;
const BASELINES = join(import.meta.dirname, "..", "surfaces", "baselines", "control-ui");
const SURFACE_DIFFS = join(tmpdir(), "ask-user-kit-control-ui-diffs");
/** Set by `npm run test:control-ui -- --approve`. */
const APPROVE = process.env.SURFACES_APPROVE === "1";
/** Marks the one element a state's checks look at, when the thread holds several like it. */
const CHECKED = "data-surface-checked";
const SEEN = "data-surface-seen";
const CHECK_QUESTIONS: Question[] = [
  DEPLOY_QUESTION,
  {
    questionId: "checks",
    header: "Checks",
    question: "Which checks should run before merging?",
    options: [{ label: "Unit tests" }, { label: "Type check" }, { label: "Lint" }],
    multiSelect: true,
  },
  {
    questionId: "notify",
    header: "Notify",
    question: "Who should hear about the release?",
    options: [{ label: "The team" }, { label: "Nobody" }],
  },
];

type SurfaceState = {
  name: string;
  /** Brings the page to the state; resolves with the kit's element the screenshot is clipped to. */
  drive(page: Page): Promise<Locator>;
};

const expandedPanel = (on: Page) =>
  on.locator('.ask-dock[data-state="expanded"], .ask-card[data-state="expanded"]').first();

async function injectAndShow(on: Page, questions: Question[]): Promise<Locator> {
  await gateway.api.request({ questions, sessionKey: SESSION });
  const panel = expandedPanel(on);
  await panel.waitFor({ timeout: WAIT_MS });
  await on.waitForTimeout(SETTLE_MS);
  return panel;
}

/** The scroll height of the thread that holds `element` (the page's, when none scrolls). */
const THREAD_HEIGHT = `(node) => {
  let box = node.parentElement;
  while (box !== null && !(box.scrollHeight > box.clientHeight && /auto|scroll/.test(getComputedStyle(box).overflowY)))
    box = box.parentElement;
  return (box ?? document.documentElement).scrollHeight;
}`;

/**
 * A real agent's question, ended in the dock by `end`; its summary in the thread once the agent's
 * reply has landed below it, in the middle of the thread: at its foot the host's jump-to-latest
 * button and the composer's fade cover it.
 */
async function agentTurnEndedBy(
  on: Page,
  status: "answered" | "skipped",
  end: (panel: Locator) => Promise<void>,
): Promise<Locator> {
  const model = gateway.model;
  if (model === null) throw new Error("no scripted model");
  const received = model.toolResults.length;
  // The host may show only the latest turns: earlier summaries are marked, not counted.
  await on.locator(".ask-summary").evaluateAll((nodes, name) => {
    for (const node of nodes) node.setAttribute(name, "");
  }, SEEN);
  await on.locator(".ask-composer-dock__composer textarea").first().fill("deploy");
  await on.keyboard.press("Enter");
  const panel = expandedPanel(on);
  await panel.waitFor({ timeout: WAIT_MS });
  await on.waitForTimeout(SETTLE_MS);
  await end(panel);
  await until(
    () => (model.toolResults.length > received ? true : undefined),
    "the agent to receive the tool's result",
  );
  const summary = on.locator(`.ask-summary[data-status="${status}"]:not([${SEEN}])`).last();
  await summary.waitFor({ timeout: WAIT_MS });
  let height = -1;
  await until(async () => {
    await on.waitForTimeout(SETTLE_MS);
    const now = (await summary.evaluate(THREAD_HEIGHT)) as number;
    const settled = now === height;
    height = now;
    return settled ? true : undefined;
  }, "the thread to stop growing");
  await summary.evaluate((node) => node.scrollIntoView({ block: "center" }));
  // The turns above it (each run's own) leave it at a fraction of a pixel that differs from run to
  // run, and its text is drawn differently there: it is moved onto the pixel grid.
  await summary.evaluate((node) => {
    const { top } = node.getBoundingClientRect();
    if (node instanceof HTMLElement) node.style.translate = `0 ${Math.round(top) - top}px`;
  });
  await on.waitForTimeout(SETTLE_MS);
  return summary;
}

const SURFACE_STATES: SurfaceState[] = [
  { name: "first-question", drive: (on) => injectAndShow(on, [DEPLOY_QUESTION]) },
  { name: "step-of-three", drive: (on) => injectAndShow(on, CHECK_QUESTIONS) },
  {
    name: "collapsed-bar",
    drive: async (on) => {
      const panel = await injectAndShow(on, [DEPLOY_QUESTION]);
      await panel.locator(".ask-icon-button").first().click();
      const bar = on.locator('.ask-bar[data-state="collapsed"]').first();
      await bar.waitFor({ timeout: WAIT_MS });
      return bar;
    },
  },
  {
    name: "answered-summary",
    drive: (on) =>
      agentTurnEndedBy(on, "answered", async (panel) => {
        await panel.locator('[role="radio"]').first().click();
        await panel.locator('button[data-variant="primary"]').click();
      }),
  },
  {
    name: "skipped",
    drive: (on) =>
      agentTurnEndedBy(on, "skipped", async (panel) => {
        await panel.locator("button.ask-skip").click();
        await panel.locator('button[data-variant="danger"]').click();
      }),
  },
];

describe("given the plugin's surfaces in the Control UI, as in test:surfaces", () => {
  for (const locale of SURFACE_LOCALES) {
    describe(`in ${locale === "en" ? "English" : "Arabic"}`, () => {
      let context: BrowserContext;
      let surface: Page;

      beforeAll(async () => {
        // The Control UI takes its language from the browser's on a first visit, and the plugin
        // takes the Control UI's: a fresh browser profile per locale, nothing set in OpenClaw.
        context = await browser.newContext({
          viewport: WIDE,
          deviceScaleFactor: 1,
          reducedMotion: "reduce",
          colorScheme: "light",
          locale: locale === "ar" ? "ar" : "en-US",
          timezoneId: "UTC",
          bypassCSP: true,
        });
        surface = await context.newPage();
        await surface.goto(gateway.controlUiUrl);
        await surface.locator(".ask-composer-dock").waitFor({ timeout: WAIT_MS });
      });

      afterAll(async () => {
        await context?.close();
      });

      for (const width of SURFACE_WIDTHS) {
        for (const state of SURFACE_STATES) {
          const file = `${state.name}.${width.width}.${locale}`;
          it(`should show ${state.name} at ${width.width} px in ${locale} as approved, with the surface checks passing`, async () => {
            await surface.setViewportSize(width);
            const element = await state.drive(surface);
            await element.evaluate((node, name) => node.setAttribute(name, ""), CHECKED);
            try {
              // Off every control: a hover would show in the screenshot.
              await surface.mouse.move(0, 0);
              await surface.evaluate(() => document.fonts.ready);
              const failures: string[] = [];
              const attempt = async (check: () => Promise<unknown>) => {
                try {
                  await check();
                } catch (error) {
                  failures.push(error instanceof Error ? error.message : String(error));
                }
              };
              // Scoped to the kit's element (its dock, bar or summary): the Control UI's own markup
              // around it is not the kit's to answer for, and violations there are the host's.
              await attempt(() => expectNoAxeViolations(surface, file, `[${CHECKED}]`));
              await attempt(() => expectEveryControlNamed(surface));
              await attempt(() => expectNoHorizontalOverflow(surface));
              // Clipped to the kit's element: the host's clock, session names and chips change.
              await attempt(async () => {
                const compared = compareWithBaseline(
                  await element.screenshot({ animations: "disabled", caret: "hide" }),
                  join(BASELINES, `${file}.png`),
                  join(SURFACE_DIFFS, file),
                  APPROVE,
                );
                if (compared.kind !== "same" || !compared.note.startsWith("0 px"))
                  console.log(`control-ui ${file}: ${compared.kind}, ${compared.note}`);
              });
              expect(failures).toEqual([]);
            } finally {
              await element
                .evaluate((node, name) => node.removeAttribute(name), CHECKED)
                .catch(() => undefined);
              for (const record of await gateway.api.list()) {
                if (record.status === "pending") await gateway.api.cancel(record.id);
              }
            }
          });
        }
      }
    });
  }
});
