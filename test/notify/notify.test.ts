// Answers from OS notifications, end to end: the demo page's production build with its mock
// gateway, the drop-in worker, and trusted notification clicks from the rig's notification
// service (support/notify-rig.ts). Each flow opens the page on a session of its own, turns the
// switch on with a click, hides the page behind another tab, then asks; what the gateway records
// is checked byte for byte. Run by scripts/notify.ts (`npm run test:notify`).
import type { Page } from "playwright-core";
import type { RunningDemo } from "../../scripts/demo/start-demo";
import type { Question, QuestionRecord, QuestionStatus } from "../../src/protocol/types";
import { type NotifyCall, type NotifyRig, until as untilWithin } from "./support/notify-rig";

/** What every flow works with: one demo server and one rig for the whole run. */
export type NotifyEnv = {
  demo: RunningDemo;
  rig: NotifyRig;
  /** The demo page's origin, granted notifications. */
  origin: string;
  /** A second origin of the same server (localhost), never granted. */
  otherOrigin: string;
};

export type NotifyFlow = {
  name: string;
  run(env: NotifyEnv): Promise<void>;
};

const SWITCH_NAME = "Notify me when the agent asks";
const STATE_ON = "On: answer from the notification while this page is in the background";
const STATE_BLOCKED = "Blocked by the browser: allow notifications for this site in its settings";
const STATE_UNSUPPORTED = "This browser cannot show notifications";
const STALE_NEWS =
  "That question had already ended when you answered it in the notification: nothing was sent.";
const OTHER_LABEL = "Other…";
const NOTIFY_STORAGE_KEY = "ask-user-kit:notify";
/** Keys Chromium adds to every notification: the body click and its own settings button. */
const CHROMIUM_KEYS = new Set(["default", "settings"]);
const LOAD_TIMEOUT_MS = 30_000;
const WAIT_MS = 8000;
const until = <T>(
  what: string,
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = WAIT_MS,
): Promise<T> => untilWithin(what, read, done, timeoutMs);
/** How long "nothing was sent" is watched for after a click that must not answer. */
const QUIET_MS = 600;

const json = (value: unknown): string => JSON.stringify(value);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function expect(condition: boolean, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

// ---- the questions ----

/** Its recommended option is not the first: the button must be the recommended one. Takes text. */
const DEPLOY: Question = {
  questionId: "deploy_target",
  header: "Deploy",
  question: "Where should I deploy build 4812?",
  options: [
    { label: "Production", description: "Live traffic" },
    { label: "Staging (Recommended)", description: "Mirrors production" },
    { label: "QA" },
  ],
  isOther: true,
};

/** Takes no text of its own (no `isOther`): its notification has no "Other…". */
const COLOUR: Question = {
  questionId: "rollout_colour",
  header: "Rollout",
  question: "Which colour takes the new release?",
  options: [{ label: "Green" }, { label: "Blue (Recommended)" }],
};

const SECRET: Question = {
  questionId: "signing_key",
  header: "Signing key",
  question: "Which signing key should I use for the release?",
  isSecret: true,
  options: [{ label: "Saved key K-7781 (Recommended)" }, { label: "Key from the vault V-2290" }],
};

const MULTI: Question = {
  questionId: "regions",
  header: "Regions",
  question: "Which regions get the release first?",
  multiSelect: true,
  options: [{ label: "eu-west-1 Dublin" }, { label: "us-east-1 Virginia" }],
};

/**
 * The gateway (the mock, as OpenClaw) refuses secret questions for now, so the page gets its
 * secret question by the gateway's frames to it being rewritten: `questionId` marked
 * `isSecret: true` wherever a record carries it, as a gateway that takes secrets would send it.
 */
function markedSecret(questionId: string): (page: Page) => Promise<void> {
  const mark = (value: unknown): void => {
    if (Array.isArray(value)) {
      for (const item of value) mark(item);
    } else if (typeof value === "object" && value !== null) {
      const object = value as Record<string, unknown>;
      if (object.questionId === questionId && Array.isArray(object.options)) object.isSecret = true;
      for (const item of Object.values(object)) mark(item);
    }
  };
  return (page) =>
    page.routeWebSocket(/.*/, (socket) => {
      const server = socket.connectToServer();
      server.onMessage((message) => {
        if (typeof message !== "string" || !message.includes(questionId)) {
          socket.send(message);
          return;
        }
        const frame: unknown = JSON.parse(message);
        mark(frame);
        socket.send(JSON.stringify(frame));
      });
    });
}

const labelsOf = (question: Question): string[] => question.options.map((option) => option.label);

// ---- the gateway ----

async function ask(env: NotifyEnv, sessionKey: string, question: Question): Promise<string> {
  const { id } = await env.demo.api.request({ questions: [question], sessionKey });
  return id;
}

async function recordOnceNot(
  env: NotifyEnv,
  id: string,
  status: QuestionStatus,
): Promise<QuestionRecord> {
  return until(
    `record ${id} leaving ${status}`,
    () => env.demo.api.get(id),
    (record) => record.status !== status,
  );
}

/** The record ends answered with exactly this one answer, byte for byte. */
async function expectAnswered(
  env: NotifyEnv,
  id: string,
  questionId: string,
  answer: string,
): Promise<void> {
  const record = await recordOnceNot(env, id, "pending");
  const wanted = json({ answers: { [questionId]: [answer] } });
  expect(
    record.status === "answered" && json(record.answers) === wanted,
    `record ${id} ended ${record.status} with ${json(record.answers ?? null)}, not ${wanted}`,
  );
}

async function expectStatus(env: NotifyEnv, id: string, status: QuestionStatus): Promise<void> {
  const record = await env.demo.api.get(id);
  expect(
    record.status === status,
    `record ${id} is ${record.status} (answers ${json(record.answers ?? null)}), not ${status}`,
  );
}

/** Cancels what a flow left waiting (a failed flow's prompts); ended ones are left as they are. */
async function cancelAll(env: NotifyEnv, ids: readonly string[]): Promise<void> {
  await Promise.all(
    ids.map((id) => env.demo.api.cancel(id, { resolvedBy: "notify-test" }).catch(() => undefined)),
  );
}

// ---- the page ----

let sessions = 0;
/** A session of its own per flow and run: nothing one flow asks shows in another's page. */
function newSession(): string {
  sessions += 1;
  return `agent:main:notify-${Date.now().toString(36)}-${sessions}`;
}

const switchOf = (page: Page) => page.getByRole("switch", { name: SWITCH_NAME });

/** The switch's state in words: its accessible description. */
async function switchState(page: Page): Promise<{ checked: string | null; described: string }> {
  const control = switchOf(page);
  const checked = await control.getAttribute("aria-checked");
  const describedBy = (await control.getAttribute("aria-describedby")) ?? "";
  const described = await page.evaluate(
    (ids) =>
      ids
        .split(/\s+/)
        .map((id) => document.getElementById(id)?.textContent ?? "")
        .join(" ")
        .trim(),
    describedBy,
  );
  return { checked, described };
}

/** Opens the demo page on `sessionKey`, connected, with notifications not yet chosen. */
async function openDemoPage(
  env: NotifyEnv,
  sessionKey: string,
  options: { origin?: string; initScript?: string; prepare?: (page: Page) => Promise<void> } = {},
): Promise<Page> {
  const page = await env.rig.context.newPage();
  if (options.initScript !== undefined) await page.addInitScript(options.initScript);
  await options.prepare?.(page);
  await page.goto(`${options.origin ?? env.origin}/?session=${encodeURIComponent(sessionKey)}`);
  await page.getByText("Connected", { exact: true }).waitFor({ timeout: LOAD_TIMEOUT_MS });
  // The choice lives in the profile's storage: an earlier flow's "on" would make the click turn it off.
  if ((await switchOf(page).getAttribute("aria-checked")) === "true") {
    await page.evaluate((key) => localStorage.removeItem(key), NOTIFY_STORAGE_KEY);
    await page.reload();
    await page.getByText("Connected", { exact: true }).waitFor({ timeout: LOAD_TIMEOUT_MS });
  }
  return page;
}

/** Turns the page's switch on with a click, then waits for the worker to control the page. */
async function turnOn(page: Page): Promise<void> {
  const before = await switchState(page);
  expect(before.checked === "false", `the switch was not off before the click: ${json(before)}`);
  await switchOf(page).click();
  await until(
    "the switch turning on",
    () => switchState(page),
    (state) => state.checked === "true" && state.described === STATE_ON,
  );
  await until(
    "the question worker active and controlling the page",
    () =>
      page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        return {
          active: registration?.active?.state ?? null,
          controlled: navigator.serviceWorker.controller !== null,
        };
      }),
    (state) => state.active === "activated" && state.controlled,
  );
}

/** A click with the mouse in the switch's middle, whatever its aria-disabled says. */
async function clickWithMouse(page: Page): Promise<void> {
  await switchOf(page).scrollIntoViewIfNeeded();
  const box = await switchOf(page).boundingBox();
  if (box === null) throw new Error("the switch has no box");
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

/** Opens the page on a session of its own, switches notifications on, hides it. */
async function hiddenPage(
  env: NotifyEnv,
  prepare?: (page: Page) => Promise<void>,
): Promise<{ page: Page; sessionKey: string }> {
  const sessionKey = newSession();
  const page = await openDemoPage(env, sessionKey, prepare === undefined ? {} : { prepare });
  await turnOn(page);
  await env.rig.hidePage(page);
  return { page, sessionKey };
}

/** Waits for the first Notify after `since` calls whose summary is `summary`. */
function notificationOf(env: NotifyEnv, since: number, summary: string): Promise<NotifyCall> {
  return env.rig.waitForNotification(
    (call) => call.seq > since && call.summary === summary,
    WAIT_MS,
  );
}

/** Where the page's notifications are, by tag, as the browser lists them. */
async function openTags(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return (await registration.getNotifications()).map((notification) => notification.tag);
  });
}

/** Each label shown anywhere in the Notify payload. */
function labelsIn(call: NotifyCall, labels: readonly string[]): string[] {
  const text = [call.summary, call.body, json(call.actions), json(call.hints)].join("\n");
  return labels.filter((label) => text.includes(label));
}

const appCloses = (env: NotifyEnv, call: NotifyCall) =>
  env.rig.closes().filter((close) => close.notification === call.id && close.by === "app");

/**
 * Asks DEPLOY on a hidden page, closes the page once the notification shows, runs `meanwhile`,
 * then clicks the notification's button: with no page open, the worker opens the app.
 */
async function clickWithNoPageOpen(
  env: NotifyEnv,
  meanwhile: (id: string, call: NotifyCall) => Promise<void>,
): Promise<{ id: string; fresh: Page }> {
  const { page, sessionKey } = await hiddenPage(env);
  const since = env.rig.notifications().length;
  const id = await ask(env, sessionKey, DEPLOY);
  try {
    const call = await notificationOf(env, since, DEPLOY.header);
    await page.close();
    await meanwhile(id, call);
    const opened = env.rig.context.waitForEvent("page", { timeout: WAIT_MS });
    await env.rig.clickAction(call, "Staging (Recommended)");
    return { id, fresh: await opened };
  } catch (error) {
    await cancelAll(env, [id]);
    throw error;
  }
}

// ---- the flows ----

export const FLOWS: readonly NotifyFlow[] = [
  {
    name: "a button answer reaches the agent byte-exact",
    run: async (env) => {
      const { sessionKey } = await hiddenPage(env);
      const since = env.rig.notifications().length;
      const id = await ask(env, sessionKey, DEPLOY);
      try {
        const call = await notificationOf(env, since, DEPLOY.header);
        expect(call.body.includes(DEPLOY.question), `body ${json(call.body)}`);
        const buttons = call.actions.filter((action) => !CHROMIUM_KEYS.has(action.key));
        expect(
          json(buttons.map((action) => action.label)) ===
            json(["Staging (Recommended)", OTHER_LABEL]),
          `actions ${json(call.actions)}`,
        );
        expect(
          buttons[1]?.key === "inline-reply",
          `"Other…" is not the inline reply: ${json(call.actions)}`,
        );
        const others = labelsIn(call, ["Production", "QA"]);
        expect(others.length === 0, `other options in the notification: ${json(others)}`);
        await env.rig.clickAction(call, "Staging (Recommended)");
        await expectAnswered(env, id, DEPLOY.questionId, "Staging (Recommended)");
      } finally {
        await cancelAll(env, [id]);
      }
    },
  },
  {
    name: "an inline reply is the answer, byte-exact",
    run: async (env) => {
      const { sessionKey } = await hiddenPage(env);
      const since = env.rig.notifications().length;
      const id = await ask(env, sessionKey, DEPLOY);
      const typed = "Canary first — then prod ✓";
      try {
        const call = await notificationOf(env, since, DEPLOY.header);
        await env.rig.reply(call, typed);
        await expectAnswered(env, id, DEPLOY.questionId, typed);
      } finally {
        await cancelAll(env, [id]);
      }
    },
  },
  {
    name: "a body click opens the dock on that prompt and sends nothing",
    run: async (env) => {
      const { page, sessionKey } = await hiddenPage(env);
      const since = env.rig.notifications().length;
      const first = await ask(env, sessionKey, DEPLOY);
      const second = await ask(env, sessionKey, COLOUR);
      try {
        await notificationOf(env, since, DEPLOY.header);
        const call = await notificationOf(env, since, COLOUR.header);
        await env.rig.clickBody(call);
        await until(
          "the page coming to the front",
          () => page.evaluate(() => document.visibilityState),
          (state) => state === "visible",
        );
        const dock = page.locator(".ask-composer-dock");
        await dock
          .getByText(COLOUR.question, { exact: true })
          .waitFor({ state: "visible", timeout: WAIT_MS });
        const firstShown = await dock.getByText(DEPLOY.question, { exact: true }).isVisible();
        expect(!firstShown, "the dock shows the other prompt's question");
        const focus = await until(
          "the focus moving into the dock",
          () =>
            page.evaluate(() => {
              const active = document.activeElement;
              return {
                inDock: active?.closest(".ask-composer-dock") != null,
                visible: active instanceof HTMLElement && active.checkVisibility(),
                element:
                  active === null
                    ? null
                    : `${active.tagName} ${active.getAttribute("aria-label") ?? active.textContent?.slice(0, 40) ?? ""}`,
              };
            }),
          (state) => state.inDock && state.visible,
        );
        expect(focus.inDock, json(focus));
        await sleep(QUIET_MS);
        await expectStatus(env, first, "pending");
        await expectStatus(env, second, "pending");
      } finally {
        await cancelAll(env, [first, second]);
      }
    },
  },
  {
    name: "a prompt answered elsewhere closes its notification",
    run: async (env) => {
      const { sessionKey } = await hiddenPage(env);
      const since = env.rig.notifications().length;
      const answered = await ask(env, sessionKey, DEPLOY);
      const cancelled = await ask(env, sessionKey, COLOUR);
      try {
        const one = await notificationOf(env, since, DEPLOY.header);
        const two = await notificationOf(env, since, COLOUR.header);
        await env.demo.api.resolve(
          answered,
          { answers: { [DEPLOY.questionId]: ["QA"] } },
          { resolvedBy: "elsewhere" },
        );
        await env.demo.api.cancel(cancelled, { resolvedBy: "elsewhere" });
        for (const call of [one, two]) {
          await until(
            `CloseNotification from the app for #${call.id}`,
            async () => appCloses(env, call).length,
            (count) => count > 0,
          );
          expect(!env.rig.isOpen(call), `#${call.id} is still open`);
        }
      } finally {
        await cancelAll(env, [answered, cancelled]);
      }
    },
  },
  {
    name: "a click after the prompt ended sends nothing and the page says so",
    run: async (env) => {
      // The page closes a notification once it sees its prompt end, so the notification outlives
      // the prompt only where no page hears of the end: the page is closed, the prompt cancelled
      // elsewhere, and the click then opens the app afresh with a click for an ended prompt.
      const { id, fresh } = await clickWithNoPageOpen(env, async (promptId, call) => {
        await env.demo.api.cancel(promptId, { resolvedBy: "elsewhere" });
        await sleep(QUIET_MS);
        expect(env.rig.isOpen(call), "the notification closed with no page open");
      });
      try {
        await fresh
          .getByRole("status")
          .filter({ hasText: STALE_NEWS })
          .waitFor({ state: "visible", timeout: LOAD_TIMEOUT_MS });
        expect(
          !fresh.url().includes("ask-user-kit-click"),
          `the click stayed in the URL: ${fresh.url()}`,
        );
        await sleep(QUIET_MS);
        const record = await env.demo.api.get(id);
        expect(
          record.status === "cancelled" && record.answers === undefined,
          `record ${id} is ${record.status} with ${json(record.answers ?? null)}`,
        );
      } finally {
        await cancelAll(env, [id]);
      }
    },
  },
  {
    name: "two prompts show two notifications, each answered to its own prompt",
    run: async (env) => {
      const { page, sessionKey } = await hiddenPage(env);
      const since = env.rig.notifications().length;
      const first = await ask(env, sessionKey, DEPLOY);
      const second = await ask(env, sessionKey, COLOUR);
      try {
        const one = await notificationOf(env, since, DEPLOY.header);
        const two = await notificationOf(env, since, COLOUR.header);
        expect(one.id !== two.id, `both are notification #${one.id}`);
        const tags = await openTags(page);
        expect(
          tags.includes(first) && tags.includes(second) && new Set(tags).size === tags.length,
          `tags ${json(tags)} for prompts ${first}, ${second}`,
        );
        expect(labelsIn(two, labelsOf(DEPLOY)).length === 0, `#${two.id} ${json(two.actions)}`);
        const twoButtons = two.actions.filter((action) => !CHROMIUM_KEYS.has(action.key));
        expect(
          json(twoButtons.map((action) => action.label)) === json(["Blue (Recommended)"]),
          `a question without isOther offers ${json(two.actions)}`,
        );
        await env.rig.clickAction(two, "Blue (Recommended)");
        await expectAnswered(env, second, COLOUR.questionId, "Blue (Recommended)");
        await expectStatus(env, first, "pending");
        expect(env.rig.isOpen(one), `#${one.id} closed when the other prompt was answered`);
        await env.rig.clickAction(one, "Staging (Recommended)");
        await expectAnswered(env, first, DEPLOY.questionId, "Staging (Recommended)");
      } finally {
        await cancelAll(env, [first, second]);
      }
    },
  },
  {
    name: "with no page open a button opens the app, and the answer reaches the agent byte-exact",
    run: async (env) => {
      const { id, fresh } = await clickWithNoPageOpen(env, async () => {});
      try {
        expect(
          fresh.url().startsWith(`${env.origin}/`),
          `the worker opened ${fresh.url()}, not the app`,
        );
        await expectAnswered(env, id, DEPLOY.questionId, "Staging (Recommended)");
      } finally {
        await cancelAll(env, [id]);
      }
    },
  },
  {
    name: "permission denied leaves the switch off and says why; no Notification says unsupported",
    run: async (env) => {
      const denied = await openDemoPage(env, newSession(), { origin: env.otherOrigin });
      // Never granted: headless Chromium resolves requestPermission() "denied" (and may report the
      // origin denied from the start, the switch then saying so before the click). The click is the
      // mouse's: Playwright will not click a control marked aria-disabled.
      const before = await switchState(denied);
      expect(
        before.checked === "false" &&
          (before.described === "Off" || before.described === STATE_BLOCKED),
        `before the click: ${json(before)}`,
      );
      await clickWithMouse(denied);
      const blocked = await until(
        "the switch saying it is blocked",
        () => switchState(denied),
        (state) => state.described === STATE_BLOCKED || state.checked !== "false",
      );
      expect(blocked.checked === "false", `denied but ${json(blocked)}`);
      await sleep(QUIET_MS);
      const settled = await switchState(denied);
      expect(
        settled.checked === "false" && settled.described === STATE_BLOCKED,
        `denied, then ${json(settled)}`,
      );
      const permission = await denied.evaluate(() => Notification.permission);
      expect(permission === "denied", `permission ${permission}`);

      const bare = await openDemoPage(env, newSession(), {
        initScript: "delete window.Notification;",
      });
      const state = await switchState(bare);
      expect(
        state.checked === "false" && state.described === STATE_UNSUPPORTED,
        `without Notification: ${json(state)}`,
      );
      await clickWithMouse(bare);
      await sleep(QUIET_MS);
      const after = await switchState(bare);
      expect(
        after.checked === "false" && after.described === STATE_UNSUPPORTED,
        `after a click without Notification: ${json(after)}`,
      );
    },
  },
  {
    name: "a secret or multi-select question shows no option in its notification",
    run: async (env) => {
      const { sessionKey } = await hiddenPage(env, markedSecret(SECRET.questionId));
      const since = env.rig.notifications().length;
      const secret = await ask(env, sessionKey, { ...SECRET, isSecret: false });
      const multi = await ask(env, sessionKey, MULTI);
      try {
        for (const question of [SECRET, MULTI]) {
          const call = await notificationOf(env, since, question.header);
          expect(call.body.includes(question.question), `body ${json(call.body)}`);
          const buttons = call.actions.filter((action) => !CHROMIUM_KEYS.has(action.key));
          expect(buttons.length === 0, `${question.header}: buttons ${json(call.actions)}`);
          const shown = labelsIn(call, labelsOf(question));
          expect(
            shown.length === 0,
            `${question.header}: options in the notification ${json(shown)}`,
          );
        }
        await expectStatus(env, secret, "pending");
        await expectStatus(env, multi, "pending");
      } finally {
        await cancelAll(env, [secret, multi]);
      }
    },
  },
];
