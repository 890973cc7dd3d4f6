import { describe, expect, it, vi } from "vitest";
import { clickFromFragment, type NotificationClickMessage } from "../../src/notify/click-message";
import {
  OPTION_ACTION,
  OTHER_ACTION,
  type QuestionNotificationData,
} from "../../src/notify/notification-content";
import {
  handleQuestionNotificationClick,
  type QuestionClients,
  type QuestionWindowClient,
} from "../../src/notify/worker";

const PAGE = "http://127.0.0.1:5173/chat";
const DATA: QuestionNotificationData = {
  kind: "ask-user-kit/question",
  promptId: "ask_1",
  questionId: "target",
  option: "Staging (Recommended)",
  pageUrl: PAGE,
};

function windowClient(url: string, focused = false) {
  const received: unknown[] = [];
  const client: QuestionWindowClient & { received: unknown[]; focus: ReturnType<typeof vi.fn> } = {
    url,
    focused,
    received,
    focus: vi.fn(() => Promise.resolve(client)),
    postMessage: (message: unknown) => received.push(message),
  };
  return client;
}

function clientsOf(windows: QuestionWindowClient[]) {
  const opened: string[] = [];
  const clients: QuestionClients = {
    matchAll: async () => windows,
    openWindow: async (url) => {
      opened.push(url);
      return null;
    },
  };
  return { clients, opened };
}

/** Clicks a notification; resolves once the handler's work is done. */
async function click(
  init: { action?: string; reply?: string | null; data?: unknown },
  options: Parameters<typeof handleQuestionNotificationClick>[1],
) {
  let work: Promise<unknown> = Promise.resolve();
  const close = vi.fn();
  const handled = handleQuestionNotificationClick(
    {
      notification: { data: init.data ?? DATA, close },
      action: init.action ?? "",
      reply: init.reply ?? null,
      waitUntil: (promise) => {
        work = promise;
      },
    },
    options,
  );
  await work;
  return { handled, close };
}

const choiceOf = (client: { received: unknown[] }) =>
  (client.received[0] as NotificationClickMessage | undefined)?.choice;

describe("given a page of the app open", () => {
  it("should send the button's option to it, without taking the user there", async () => {
    const page = windowClient(PAGE);
    const { clients } = clientsOf([page]);
    const { handled, close } = await click({ action: OPTION_ACTION }, { clients });
    expect(handled).toBe(true);
    expect(close).toHaveBeenCalledOnce();
    expect(choiceOf(page)).toEqual({
      kind: "option",
      questionId: "target",
      label: "Staging (Recommended)",
    });
    expect(page.focus).not.toHaveBeenCalled();
  });

  it("should take an inline reply by its text, whatever the action says (Linux: empty)", async () => {
    const page = windowClient(PAGE);
    const { clients } = clientsOf([page]);
    await click({ action: "", reply: "Canary first" }, { clients });
    expect(choiceOf(page)).toEqual({ kind: "other", questionId: "target", text: "Canary first" });
  });

  it("should open the page on the prompt for a body click, Other… without a reply, or an empty reply", async () => {
    for (const init of [{ action: "" }, { action: OTHER_ACTION }, { action: "", reply: "  " }]) {
      const page = windowClient(PAGE);
      const { clients } = clientsOf([page]);
      await click(init, { clients });
      expect(choiceOf(page)).toEqual({ kind: "open" });
      expect(page.focus).toHaveBeenCalledOnce();
    }
  });

  it("should send to one page only: the one that showed it, else the focused one", async () => {
    const other = windowClient("http://127.0.0.1:5173/settings", true);
    const shower = windowClient(PAGE);
    await click({ action: OPTION_ACTION }, { clients: clientsOf([other, shower]).clients });
    expect(shower.received).toHaveLength(1);
    expect(other.received).toHaveLength(0);

    const first = windowClient("http://127.0.0.1:5173/a");
    const focused = windowClient("http://127.0.0.1:5173/b", true);
    await click({ action: OPTION_ACTION }, { clients: clientsOf([first, focused]).clients });
    expect(focused.received).toHaveLength(1);
    expect(first.received).toHaveLength(0);
  });

  it("should give every click an id of its own", async () => {
    const page = windowClient(PAGE);
    const { clients } = clientsOf([page]);
    await click({ action: OPTION_ACTION }, { clients });
    await click({ action: OPTION_ACTION }, { clients });
    const [one, two] = page.received as NotificationClickMessage[];
    expect(one?.clickId).not.toBe(two?.clickId);
  });
});

describe("given no page of the app open", () => {
  it("should open the app on the prompt with the click in its URL", async () => {
    const { clients, opened } = clientsOf([]);
    await click({ action: OPTION_ACTION }, { clients, url: "http://127.0.0.1:5173/" });
    expect(opened).toHaveLength(1);
    const url = new URL(opened[0] ?? "");
    expect(url.origin + url.pathname).toBe("http://127.0.0.1:5173/");
    expect(clickFromFragment(url.hash)?.choice).toEqual({
      kind: "option",
      questionId: "target",
      label: "Staging (Recommended)",
    });
  });

  it("should post the answer to the host's endpoint when it has one, and open nothing", async () => {
    const { clients, opened } = clientsOf([]);
    const fetch = vi.fn(async () => ({ ok: true }));
    await click({ action: OPTION_ACTION }, { clients, answerEndpoint: "/answers", fetch });
    expect(fetch).toHaveBeenCalledOnce();
    const [url, init] = fetch.mock.calls[0] as unknown as [string, { body: string }];
    expect(url).toBe("/answers");
    expect(JSON.parse(init.body)).toMatchObject({ promptId: "ask_1", choice: { kind: "option" } });
    expect(opened).toEqual([]);
  });

  it("should open the app after all when the endpoint fails", async () => {
    const { clients, opened } = clientsOf([]);
    const fetch = vi.fn(async () => ({ ok: false }));
    await click({ action: OPTION_ACTION }, { clients, answerEndpoint: "/answers", fetch });
    expect(opened).toHaveLength(1);
  });
});

describe("given a notification that is not the kit's", () => {
  it("should leave it alone", async () => {
    const page = windowClient(PAGE);
    const { clients } = clientsOf([page]);
    const { handled, close } = await click({ data: { from: "host" } }, { clients });
    expect(handled).toBe(false);
    expect(close).not.toHaveBeenCalled();
    expect(page.received).toEqual([]);
  });
});
