import { afterEach, describe, expect, it, vi } from "vitest";
import {
  CLICK_MESSAGE_KIND,
  type NotificationChoice,
  type NotificationClickMessage,
  urlWithClick,
} from "../../src/notify/click-message";
import {
  CLOSE_SETTLE_MS,
  type NotificationNews,
  startNotificationAnswers,
} from "../../src/notify/notification-answers";
import { enNotify } from "../../src/notify/notify-strings";
import type { QuestionAnswers, QuestionRecord } from "../../src/protocol/types";
import { createQuestionStore } from "../../src/store/create-question-store";
import { createLocalQuestionSource } from "../../src/store/local-source";

const PAGE = "http://127.0.0.1:5173/";
const SCOPE = { sessionKey: "agent:main:main" };

function record(id: string): QuestionRecord {
  return {
    id,
    sessionKey: SCOPE.sessionKey,
    createdAtMs: Date.now(),
    expiresAtMs: Date.now() + 900_000,
    status: "pending",
    questions: [
      {
        questionId: "target",
        header: "Target",
        question: "Where should I deploy?",
        options: [{ label: "Staging (Recommended)" }, { label: "Production" }],
        isOther: true,
      },
    ],
  };
}

type Shown = { title: string; tag: string; closed: boolean };

function rig(options: { hidden?: boolean; hash?: string } = {}) {
  const source = createLocalQuestionSource();
  const store = createQuestionStore({ api: source, storage: null, gatewayKey: "notify-test" });
  const shown: Shown[] = [];
  const news: NotificationNews[] = [];
  const answered = new Map<string, QuestionAnswers[]>();
  let listener: ((event: { data: unknown }) => void) | null = null;
  let hidden = options.hidden ?? true;
  const ask = (id: string) =>
    source.ask(record(id), {
      answer: (answers) => {
        answered.set(id, [...(answered.get(id) ?? []), answers]);
      },
      decline: () => undefined,
      expire: () => undefined,
    });
  const clearFragment = vi.fn();
  const start = () =>
    startNotificationAnswers({
      store,
      scope: SCOPE,
      strings: enNotify,
      registration: {
        showNotification: async (title, init) => {
          shown.push({ title, tag: init.tag, closed: false });
        },
        getNotifications: async ({ tag }) =>
          shown
            .filter((entry) => entry.tag === tag && !entry.closed)
            .map((entry) => ({ close: () => Object.assign(entry, { closed: true }) })),
      },
      messages: {
        addEventListener: (_, handler) => {
          listener = handler;
        },
        removeEventListener: () => {
          listener = null;
        },
      },
      onNews: (item) => news.push(item),
      location: { href: PAGE, hash: options.hash ?? "" },
      clearFragment,
      isHidden: () => hidden,
    });
  let clicks = 0;
  const click = (promptId: string, choice: NotificationChoice, clickId?: string) => {
    clicks += 1;
    const message: NotificationClickMessage = {
      kind: CLICK_MESSAGE_KIND,
      clickId: clickId ?? `click-${clicks}`,
      promptId,
      choice,
    };
    listener?.({ data: message });
  };
  store.getState().start();
  source.open();
  return {
    source,
    store,
    shown,
    news,
    answered,
    ask,
    start,
    click,
    clearFragment,
    setHidden: (next: boolean) => {
      hidden = next;
    },
  };
}

const settle = (ms = 0) => new Promise((resolve) => setTimeout(resolve, ms));
const OPTION: NotificationChoice = {
  kind: "option",
  questionId: "target",
  label: "Staging (Recommended)",
};

let stops: Array<() => void> = [];
afterEach(() => {
  for (const stop of stops) stop();
  stops = [];
});

describe("given notifications on and the page hidden", () => {
  it("should show one notification per arriving question, tagged with its id, none while visible", async () => {
    const page = rig();
    stops.push(page.start());
    page.ask("ask_a");
    page.ask("ask_b");
    await settle();
    expect(page.shown.map((entry) => [entry.title, entry.tag])).toEqual([
      ["Target", "ask_a"],
      ["Target", "ask_b"],
    ]);
    page.setHidden(false);
    page.ask("ask_c");
    await settle();
    expect(page.shown).toHaveLength(2);
  });

  it("should answer each prompt from its own notification, through the store, byte for byte", async () => {
    const page = rig();
    stops.push(page.start());
    page.ask("ask_a");
    page.ask("ask_b");
    await settle();
    page.click("ask_b", { kind: "other", questionId: "target", text: "Canary first, then prod" });
    page.click("ask_a", OPTION);
    await settle(CLOSE_SETTLE_MS);
    expect(page.answered.get("ask_a")).toEqual([
      { answers: { target: ["Staging (Recommended)"] } },
    ]);
    expect(page.answered.get("ask_b")).toEqual([
      { answers: { target: ["Canary first, then prod"] } },
    ]);
    expect(page.shown.every((entry) => entry.closed)).toBe(true);
  });

  it("should close a notification whose question ended elsewhere", async () => {
    const page = rig();
    stops.push(page.start());
    page.ask("ask_a");
    await settle();
    page.source.settle({
      id: "ask_a",
      status: "answered",
      answers: { answers: { target: ["Production"] } },
    });
    await settle();
    // Not at once: Chromium may not know yet the system's id of a notification it just showed.
    expect(page.shown[0]?.closed).toBe(false);
    await settle(CLOSE_SETTLE_MS);
    expect(page.shown[0]?.closed).toBe(true);
  });
});

describe("given a notification this page did not show (before a reload, or in another tab)", () => {
  it("should close it by its tag once its question ends", async () => {
    const page = rig({ hidden: false });
    page.ask("ask_a");
    await settle();
    page.shown.push({ title: "Target", tag: "ask_a", closed: false });
    stops.push(page.start());
    page.source.settle({ id: "ask_a", status: "cancelled" });
    await settle();
    expect(page.shown[0]?.closed).toBe(true);
  });
});

describe("given a click that comes twice, or too late", () => {
  it("should send an answer once, however often a click is heard", async () => {
    const page = rig();
    stops.push(page.start());
    page.ask("ask_a");
    await settle();
    page.click("ask_a", OPTION, "same");
    page.click("ask_a", OPTION, "same");
    page.click("ask_a", { kind: "other", questionId: "target", text: "late" });
    await settle();
    expect(page.answered.get("ask_a")).toEqual([
      { answers: { target: ["Staging (Recommended)"] } },
    ]);
    expect(page.news).toEqual([{ kind: "stale", promptId: "ask_a" }]);
  });

  it("should send nothing for a question that ended, and say so", async () => {
    const page = rig();
    stops.push(page.start());
    page.ask("ask_a");
    await settle();
    page.source.settle({ id: "ask_a", status: "cancelled" });
    await settle();
    page.click("ask_a", OPTION);
    page.click("ask_gone", OPTION);
    await settle();
    expect(page.answered.size).toBe(0);
    expect(page.news).toEqual([
      { kind: "stale", promptId: "ask_a" },
      { kind: "stale", promptId: "ask_gone" },
    ]);
  });
});

describe("given a click on a notification's body", () => {
  it("should make its prompt the pane's and ask the view to focus it, sending nothing", async () => {
    const page = rig();
    stops.push(page.start());
    page.ask("ask_a");
    page.ask("ask_b");
    await settle();
    page.click("ask_b", { kind: "open" });
    await settle();
    const session = [...page.store.getState().sessions.values()][0];
    expect(session?.activePromptId).toBe("ask_b");
    expect(page.news).toEqual([{ kind: "open", promptId: "ask_b" }]);
    expect(page.answered.size).toBe(0);
  });
});

describe("given a page the worker opened with a click", () => {
  it("should answer once its question is loaded, and take the click out of the URL", async () => {
    const message: NotificationClickMessage = {
      kind: CLICK_MESSAGE_KIND,
      clickId: "opened",
      promptId: "ask_a",
      choice: OPTION,
    };
    const page = rig({ hash: new URL(urlWithClick(PAGE, message)).hash });
    stops.push(page.start());
    expect(page.clearFragment).toHaveBeenCalledOnce();
    page.ask("ask_a");
    await settle();
    await settle();
    expect(page.answered.get("ask_a")).toEqual([
      { answers: { target: ["Staging (Recommended)"] } },
    ]);
  });
});
