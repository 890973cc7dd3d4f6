import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import type { ElicitResult } from "@modelcontextprotocol/sdk/types.js";
import { act, fireEvent, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createMcpQuestionSource } from "../../src/mcp/index";
import { outcomeSentence } from "../../src/react/announcement-sentences";
import { QuestionDock } from "../../src/react/dock/question-dock";
import { ar } from "../../src/react/i18n/ar";
import type { Dictionary } from "../../src/react/i18n/en";
import { en } from "../../src/react/i18n/en";
import { QuestionsProvider } from "../../src/react/provider";
import { AnswerSummary } from "../../src/react/summary/answer-summary";
import { createLocalQuestionSource, createQuestionStore } from "../../src/store/index";
import { selectTimelineItems } from "../../src/store/selectors-timeline";
import { createManualClock } from "../../src/testing/manual-clock";

const SESSION_KEY = "links";

/** The dock over a real MCP client whose server asks for URLs. */
async function renderDock(dictionary?: Dictionary) {
  const server = new Server({ name: "links", version: "1.0.0" }, { capabilities: {} });
  const client = new Client({ name: "dock", version: "1.0.0" });
  const clock = createManualClock(Date.now());
  const source = createMcpQuestionSource(client, {
    sessionKey: SESSION_KEY,
    url: true,
    clock,
    timeoutMs: 600_000,
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  const store = createQuestionStore({ api: source, clock, storage: null, gatewayKey: "mcp" });
  render(
    <QuestionsProvider
      store={store}
      sessionKey={SESSION_KEY}
      {...(dictionary === undefined ? {} : { dictionary })}
    >
      <QuestionDock />
    </QuestionsProvider>,
  );
  await act(async () => store.getState().start());
  const ask = (url: string, elicitationId = "el-1"): Promise<ElicitResult> =>
    server.elicitInput(
      { mode: "url", message: "Sign in to your account", url, elicitationId },
      { timeout: 600_000 },
    );
  const complete = (elicitationId: string) =>
    act(() => server.createElicitationCompletionNotifier(elicitationId)());
  /** The summary of the one URL step that ended, as the timeline shows it. */
  const summary = () => {
    const [item] = selectTimelineItems(store.getState(), { sessionKey: SESSION_KEY });
    if (item === undefined) throw new Error("no timeline item");
    const { container } = render(<AnswerSummary entry={item.entry} />);
    const article = container.querySelector(".ask-summary");
    if (article === null) throw new Error("no summary");
    return { article, said: outcomeSentence(store.getState(), item.promptId, en) };
  };
  return { store, clock, ask, complete, summary };
}

const settleDock = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)));

const URL_ASKED = "https://auth.example.com/authorize?client=dock";

describe("given a URL elicitation in the dock", () => {
  afterEach(() => vi.restoreAllMocks());

  it("should show the message and the whole URL, its host apart, and open nothing on arrival", async () => {
    const open = vi.spyOn(window, "open").mockReturnValue(null);
    const { ask } = await renderDock();
    void ask(URL_ASKED);
    const step = await screen.findByRole("group", { name: "Sign in to your account" });
    expect(step).toHaveAttribute("data-kind", "url");
    expect(
      within(step).getByText("auth.example.com", { selector: ".ask-url__host" }),
    ).toBeVisible();
    const full = step.querySelector(".ask-url__full");
    expect(full?.textContent).toBe(URL_ASKED);
    expect(full?.querySelector("strong")?.textContent).toBe("auth.example.com");
    expect(full).toHaveAttribute("dir", "ltr");
    expect(screen.getByRole("button", { name: "Open" })).toBeVisible();
    expect(screen.getByRole("button", { name: "Decline" })).toBeVisible();
    expect(screen.queryByRole("textbox")).toBeNull();
    expect(open).not.toHaveBeenCalled();
  });

  it("should open only from the click, in a new tab without opener or referrer, and answer accept", async () => {
    const open = vi.spyOn(window, "open").mockReturnValue(null);
    const user = userEvent.setup();
    const { ask, complete, store } = await renderDock();
    const result = ask(URL_ASKED);
    await screen.findByRole("button", { name: "Open" });
    // Keys the dock answers elsewhere (Enter, Ctrl+Enter, a digit) never open a URL.
    const step = screen.getByRole("group", { name: "Sign in to your account" });
    fireEvent.keyDown(step, { key: "Enter" });
    fireEvent.keyDown(step, { key: "Enter", ctrlKey: true });
    fireEvent.keyDown(step, { key: "1" });
    await settleDock();
    expect(open).not.toHaveBeenCalled();
    expect(screen.queryByRole("status")).toBeNull();

    await user.click(screen.getByRole("button", { name: "Open" }));
    expect(open).toHaveBeenCalledTimes(1);
    expect(open).toHaveBeenCalledWith(URL_ASKED, "_blank", "noopener,noreferrer");
    await expect(result).resolves.toEqual({ action: "accept" });
    expect(await screen.findByRole("status")).toHaveTextContent(
      "Waiting for auth.example.com to finish…",
    );
    expect(screen.getByRole("button", { name: "Open again" })).toBeVisible();
    expect(screen.getByRole("button", { name: "Stop waiting" })).toBeVisible();

    await complete("el-1");
    await vi.waitFor(() => expect(screen.queryByRole("group")).toBeNull());
    const [item] = selectTimelineItems(store.getState(), { sessionKey: SESSION_KEY });
    if (item === undefined) throw new Error("no timeline item");
    render(<AnswerSummary entry={item.entry} />);
    const summary = document.querySelector(".ask-summary");
    expect(summary).toHaveAttribute("data-status", "answered");
    expect(summary).toHaveTextContent("auth.example.com: Finished");
    expect(open).toHaveBeenCalledTimes(1);
  });

  it("should answer decline on Decline, opening nothing", async () => {
    const open = vi.spyOn(window, "open").mockReturnValue(null);
    const user = userEvent.setup();
    const { ask } = await renderDock();
    const result = ask(URL_ASKED);
    await user.click(await screen.findByRole("button", { name: "Decline" }));
    await expect(result).resolves.toEqual({ action: "decline" });
    expect(open).not.toHaveBeenCalled();
  });

  it("should keep the URL left to right in a right-to-left dictionary", async () => {
    vi.spyOn(window, "open").mockReturnValue(null);
    const user = userEvent.setup();
    const { ask } = await renderDock(ar);
    void ask("https://аpple.com/login");
    const openButton = await screen.findByRole("button", { name: ar.urlOpen });
    const full = document.querySelector(".ask-url__full");
    expect(full).toHaveAttribute("dir", "ltr");
    expect(full?.textContent).toBe("https://xn--pple-43d.com/login");
    await user.click(openButton);
    const waiting = await screen.findByRole("status");
    expect(waiting.querySelector("bdi")).toHaveAttribute("dir", "ltr");
    expect(waiting).toHaveTextContent("xn--pple-43d.com");
  });
});

describe("given a URL step that ended, in the summary, the notice and the live region", () => {
  afterEach(() => vi.restoreAllMocks());

  it("should say the user opened it and finished there, once the server says so", async () => {
    vi.spyOn(window, "open").mockReturnValue(null);
    const user = userEvent.setup();
    const { ask, complete, summary } = await renderDock();
    void ask(URL_ASKED);
    await user.click(await screen.findByRole("button", { name: "Open" }));
    await complete("el-1");
    await vi.waitFor(() => expect(screen.queryByRole("group")).toBeNull());
    const { article, said } = summary();
    expect(article).toHaveTextContent("You opened “auth.example.com” and finished there.");
    expect(article).toHaveTextContent("auth.example.com: Finished");
    expect(said).toBe("You opened “auth.example.com” and finished there.");
  });

  it("should say the user opened it and stopped waiting, not that it was skipped, and that whether it finished is not known", async () => {
    vi.spyOn(window, "open").mockReturnValue(null);
    const user = userEvent.setup();
    const { ask, summary } = await renderDock();
    await expect(
      (async () => {
        const result = ask(URL_ASKED);
        await user.click(await screen.findByRole("button", { name: "Open" }));
        return result;
      })(),
    ).resolves.toEqual({ action: "accept" });
    await user.click(screen.getByRole("button", { name: "Stop waiting" }));
    await vi.waitFor(() => expect(screen.queryByRole("group")).toBeNull());
    const { article, said } = summary();
    expect(article.textContent).not.toMatch(/skipped|declined/i);
    expect(article).toHaveTextContent(
      "You opened “auth.example.com” and stopped waiting; whether you finished is not known.",
    );
    expect(article).toHaveTextContent("auth.example.com: Opened");
    expect(said).toBe(
      "You opened “auth.example.com” and stopped waiting; whether you finished is not known.",
    );
  });

  it("should correct 'not known' to finished when the server reports the visit done after the user stopped waiting", async () => {
    vi.spyOn(window, "open").mockReturnValue(null);
    const user = userEvent.setup();
    const { ask, complete, summary } = await renderDock();
    void ask(URL_ASKED);
    await user.click(await screen.findByRole("button", { name: "Open" }));
    await user.click(await screen.findByRole("button", { name: "Stop waiting" }));
    await vi.waitFor(() => expect(screen.queryByRole("group")).toBeNull());
    expect(summary().article).toHaveTextContent("whether you finished is not known");
    await complete("el-1");
    await vi.waitFor(() =>
      expect(summary().article).toHaveTextContent(
        "You opened “auth.example.com” and finished there.",
      ),
    );
    expect(summary().article.textContent).not.toMatch(/not known|elsewhere/i);
  });

  it("should correct a visit whose time ran out after Open once the server reports it done", async () => {
    vi.spyOn(window, "open").mockReturnValue(null);
    const user = userEvent.setup();
    const { ask, clock, complete, summary } = await renderDock();
    void ask(URL_ASKED);
    await user.click(await screen.findByRole("button", { name: "Open" }));
    await screen.findByRole("button", { name: "Stop waiting" });
    await act(async () => clock.advance(600_000));
    await screen.findByRole("region", { name: "Question outcome" });
    await complete("el-1");
    await vi.waitFor(() =>
      expect(summary().article).toHaveTextContent(
        "You opened “auth.example.com” and finished there.",
      ),
    );
  });

  it("should not turn a URL the user declined to open into a finished one when the server later reports it done", async () => {
    vi.spyOn(window, "open").mockReturnValue(null);
    const user = userEvent.setup();
    const { ask, complete, summary } = await renderDock();
    void ask(URL_ASKED);
    await user.click(await screen.findByRole("button", { name: "Decline" }));
    await vi.waitFor(() => expect(screen.queryByRole("group")).toBeNull());
    await complete("el-1");
    expect(summary().article).toHaveTextContent("You declined to open “auth.example.com”.");
  });

  it("should say the user declined to open it", async () => {
    vi.spyOn(window, "open").mockReturnValue(null);
    const user = userEvent.setup();
    const { ask, summary } = await renderDock();
    void ask(URL_ASKED);
    await user.click(await screen.findByRole("button", { name: "Decline" }));
    await vi.waitFor(() => expect(screen.queryByRole("group")).toBeNull());
    const { article, said } = summary();
    expect(article.textContent).not.toMatch(/skipped/i);
    expect(article).toHaveTextContent("You declined to open “auth.example.com”.");
    expect(article).toHaveTextContent("auth.example.com: Not opened");
    expect(said).toBe("You declined to open “auth.example.com”.");
  });

  it("should say, when the time ran out after Open, that whether the user finished is not known", async () => {
    vi.spyOn(window, "open").mockReturnValue(null);
    const user = userEvent.setup();
    const { ask, clock } = await renderDock();
    void ask(URL_ASKED);
    await user.click(await screen.findByRole("button", { name: "Open" }));
    await screen.findByRole("button", { name: "Stop waiting" });
    await act(async () => clock.advance(600_000));
    const notice = await screen.findByRole("region", { name: "Question outcome" });
    expect(notice).toHaveTextContent(
      "You opened “auth.example.com”; the request ended before it said whether you finished.",
    );
    expect(notice.textContent).not.toMatch(/skipped|expired/i);
  });

  it("should say a step the server finished before it was opened here was finished elsewhere", async () => {
    vi.spyOn(window, "open").mockReturnValue(null);
    const { ask, complete } = await renderDock();
    const result = ask(URL_ASKED);
    await screen.findByRole("button", { name: "Open" });
    await complete("el-1");
    const notice = await screen.findByRole("region", { name: "Question outcome" });
    expect(notice).toHaveTextContent("Finished elsewhere · auth.example.com: Finished");
    await expect(result).resolves.toEqual({ action: "cancel" });
  });

  it("should say it in every shipped language", async () => {
    vi.spyOn(window, "open").mockReturnValue(null);
    const user = userEvent.setup();
    const { ask, store } = await renderDock(ar);
    void ask(URL_ASKED);
    await user.click(await screen.findByRole("button", { name: ar.urlOpen }));
    await user.click(await screen.findByRole("button", { name: ar.urlStopWaiting }));
    await vi.waitFor(() => expect(screen.queryByRole("group")).toBeNull());
    const [item] = selectTimelineItems(store.getState(), { sessionKey: SESSION_KEY });
    if (item === undefined) throw new Error("no timeline item");
    expect(outcomeSentence(store.getState(), item.promptId, ar)).toBe(
      ar.urlStatusStoppedWaiting.replace("{headers}", "«auth.example.com»"),
    );
  });
});

describe("given a host's own record whose openUrl the kit would refuse", () => {
  afterEach(() => vi.restoreAllMocks());

  it("should show neither the URL nor Open, only Decline", async () => {
    const open = vi.spyOn(window, "open").mockReturnValue(null);
    const local = createLocalQuestionSource();
    const store = createQuestionStore({ api: local, storage: null, gatewayKey: "local" });
    render(
      <QuestionsProvider store={store} sessionKey={SESSION_KEY}>
        <QuestionDock />
      </QuestionsProvider>,
    );
    await act(async () => {
      store.getState().start();
      local.open();
      local.ask(
        {
          id: "host_url",
          questions: [
            {
              questionId: "open_url",
              header: "example.com",
              question: "Open this",
              options: [],
              openUrl: "javascript:alert(1)",
            },
          ],
          sessionKey: SESSION_KEY,
          createdAtMs: Date.now(),
          expiresAtMs: Date.now() + 60_000,
          status: "pending",
        },
        { answer: () => undefined, decline: () => undefined, expire: () => undefined },
      );
    });
    await screen.findByRole("group", { name: "Open this" });
    expect(screen.queryByRole("button", { name: "Open" })).toBeNull();
    expect(screen.getByRole("button", { name: "Decline" })).toBeVisible();
    // Why there is nothing to open, in the URL's own reason.
    expect(
      screen.getByText(
        "This link can't be opened here: the URL is not https: (plain http: is opened only on this computer).",
      ),
    ).toBeVisible();
    expect(document.body.textContent).not.toContain("javascript:");
    expect(open).not.toHaveBeenCalled();
  });
});
