import { act, renderHook, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { describe, expect, it, vi } from "vitest";
import type { StoreApi } from "zustand/vanilla";
import { ComposerDock } from "../../src/react/composer-dock";
import { ja } from "../../src/react/i18n/ja";
import { QuestionsProvider } from "../../src/react/provider";
import { useQuestionBadge, useTitleBadge } from "../../src/react/use-question-badge";
import { scopeKey } from "../../src/store/scope";
import type { PromptEntry, QuestionStore } from "../../src/store/types";
import {
  FIXTURE_AGENT_ID,
  FIXTURE_NOW_MS,
  FIXTURE_SESSION_KEY,
  freeTextRecord,
  multiSelectRecord,
  singleChoiceRecord,
  threeStepRecord,
} from "../../src/testing/fixtures";
import { createFixtureStore } from "../../stories/support/fixture-store";
import { renderWithStore } from "./support";

const COLLAPSED = {
  [scopeKey({ sessionKey: FIXTURE_SESSION_KEY, agentId: FIXTURE_AGENT_ID })]: {
    activePromptId: null,
    expanded: false,
  },
};

function entryOf(record: typeof singleChoiceRecord): PromptEntry {
  return {
    id: record.id,
    record,
    status: "pending",
    answeredElsewhere: false,
    answers: null,
    sent: null,
    unsentAnswers: null,
    outcomeAtMs: null,
    error: null,
  };
}

/** Records arriving from the gateway in one store update, after the prompts it already holds. */
function arrive(store: StoreApi<QuestionStore>, ...records: Array<typeof singleChoiceRecord>) {
  act(() =>
    store.setState((state) => ({
      prompts: new Map([
        ...state.prompts,
        ...records.map((record) => [record.id, entryOf(record)] as const),
      ]),
      order: [...state.order, ...records.map((record) => record.id)],
    })),
  );
}

/** The gateway's timer ended a waiting prompt. */
function expire(store: StoreApi<QuestionStore>, id: string) {
  const entry = store.getState().prompts.get(id);
  if (entry === undefined) throw new Error("the prompt is missing");
  act(() =>
    store.setState({
      prompts: new Map(store.getState().prompts).set(id, { ...entry, status: "expired" }),
    }),
  );
}

describe("given a user typing in the composer", () => {
  it("should announce a new question politely without moving focus", async () => {
    const { store } = renderWithStore(
      <ComposerDock composer={<textarea aria-label="Message" />} />,
      {
        prompts: [],
        sessions: COLLAPSED,
      },
    );
    const composer = screen.getByRole("textbox", { name: "Message" });
    await userEvent.setup().type(composer, "half a thought");
    arrive(store, singleChoiceRecord);
    const region = screen.getByText("New question: Where should I deploy?").closest("[aria-live]");
    expect(region).toHaveAttribute("aria-live", "polite");
    expect(composer).toHaveFocus();
  });

  it("should announce once when one minute is left", () => {
    const { store } = renderWithStore(
      <ComposerDock composer={<textarea aria-label="Message" />} />,
      {
        prompts: [singleChoiceRecord],
        sessions: COLLAPSED,
      },
    );
    act(() => store.setState({ nowMs: FIXTURE_NOW_MS + 840_500 }));
    expect(screen.getByRole("status")).toHaveTextContent("One minute left to answer: Target");
  });

  it("should not warn about the last minute of a question that arrived with less than a minute", () => {
    const { store, clock } = renderWithStore(
      <ComposerDock composer={<textarea aria-label="Message" />} />,
      { prompts: [], sessions: COLLAPSED },
    );
    act(() => store.getState().start());
    const shortRecord = { ...singleChoiceRecord, expiresAtMs: FIXTURE_NOW_MS + 30_000 };
    arrive(store, shortRecord);
    for (let second = 1; second <= 20; second += 1) act(() => clock.advance(1_000));
    expect(screen.getByRole("status")).toHaveTextContent("New question: Where should I deploy?");
  });

  it("should let the new-question announcement be read before the one-minute warning", () => {
    const { store, clock } = renderWithStore(
      <ComposerDock composer={<textarea aria-label="Message" />} />,
      { prompts: [], sessions: COLLAPSED },
    );
    act(() => store.getState().start());
    const record = { ...singleChoiceRecord, expiresAtMs: FIXTURE_NOW_MS + 61_000 };
    arrive(store, record);
    act(() => clock.advance(2_000));
    expect(screen.getByRole("status")).toHaveTextContent("New question: Where should I deploy?");
    act(() => clock.advance(5_000));
    expect(screen.getByRole("status")).toHaveTextContent("One minute left to answer: Target");
  });

  it("should name a waiting request that expired behind the one on screen", async () => {
    const urgent = {
      ...threeStepRecord,
      createdAtMs: FIXTURE_NOW_MS + 1,
      expiresAtMs: FIXTURE_NOW_MS + 30_000,
    };
    const { store, clock } = renderWithStore(
      <ComposerDock composer={<textarea aria-label="Message" />} />,
      { prompts: [singleChoiceRecord, urgent] },
    );
    // The store lists its prompts again on start: let that settle first.
    await act(async () => store.getState().start());
    expect(screen.getByRole("group", { name: "Where should I deploy?" })).toBeInTheDocument();
    act(() => clock.advance(31_000));
    expect(store.getState().prompts.get(urgent.id)?.status).toBe("expired");
    expect(screen.getByRole("status")).toHaveTextContent("A waiting question expired: Target");
    expect(screen.getByRole("group", { name: "Where should I deploy?" })).toBeInTheDocument();
  });

  it("should say a request arriving behind the one on screen is waiting, not new on screen", () => {
    const { store } = renderWithStore(
      <ComposerDock composer={<textarea aria-label="Message" />} />,
      { prompts: [singleChoiceRecord] },
    );
    const later = { ...multiSelectRecord, createdAtMs: FIXTURE_NOW_MS + 1 };
    arrive(store, later);
    expect(screen.getByRole("status")).toHaveTextContent(
      "Another request is waiting: Which checks should run before deploying?",
    );
    expect(screen.getByRole("status")).not.toHaveTextContent("New question");
    expect(screen.getByRole("group", { name: "Where should I deploy?" })).toBeInTheDocument();
  });

  it("should cover several requests arriving behind the one on screen in one sentence", () => {
    const { store } = renderWithStore(
      <ComposerDock composer={<textarea aria-label="Message" />} />,
      { prompts: [singleChoiceRecord] },
    );
    const second = { ...multiSelectRecord, createdAtMs: FIXTURE_NOW_MS + 1 };
    const third = { ...freeTextRecord, createdAtMs: FIXTURE_NOW_MS + 2 };
    arrive(store, second, third);
    expect(screen.getByRole("status")).toHaveTextContent("2 more requests are waiting");
  });

  it("should not let requests arriving one right after another replace each other's announcement", () => {
    const { store } = renderWithStore(
      <ComposerDock composer={<textarea aria-label="Message" />} />,
      { prompts: [singleChoiceRecord] },
    );
    for (const [offset, record] of [multiSelectRecord, freeTextRecord].entries()) {
      const arriving = { ...record, createdAtMs: FIXTURE_NOW_MS + offset + 1 };
      arrive(store, arriving);
    }
    expect(screen.getByRole("status")).toHaveTextContent("2 more requests are waiting");
  });

  it("should name a request arriving after the previous announcement was read on its own", async () => {
    const { store, clock } = renderWithStore(
      <ComposerDock composer={<textarea aria-label="Message" />} />,
      { prompts: [singleChoiceRecord] },
    );
    await act(async () => store.getState().start());
    for (const [offset, record] of [multiSelectRecord, freeTextRecord].entries()) {
      const arriving = { ...record, createdAtMs: FIXTURE_NOW_MS + offset + 1 };
      arrive(store, arriving);
      act(() => clock.advance(6_000));
    }
    expect(screen.getByRole("status")).toHaveTextContent(
      "Another request is waiting: What should the release be called?",
    );
  });

  it("should still say a request that arrives right after a new question took the screen", () => {
    const { store, clock } = renderWithStore(
      <ComposerDock composer={<textarea aria-label="Message" />} />,
      { prompts: [] },
    );
    act(() => store.getState().start());
    arrive(store, singleChoiceRecord);
    act(() => clock.advance(2_000));
    arrive(store, { ...multiSelectRecord, createdAtMs: FIXTURE_NOW_MS + 1 });
    const region = screen.getByRole("status");
    expect(region).toHaveTextContent("New question: Where should I deploy?");
    expect(region).toHaveTextContent(
      "Another request is waiting: Which checks should run before deploying?",
    );
  });

  it("should name every request of a burst that arrives within the hold, in one message", () => {
    const { store, clock } = renderWithStore(
      <ComposerDock composer={<textarea aria-label="Message" />} />,
      { prompts: [] },
    );
    act(() => store.getState().start());
    arrive(store, singleChoiceRecord);
    act(() => clock.advance(1_000));
    arrive(store, { ...multiSelectRecord, createdAtMs: FIXTURE_NOW_MS + 1 });
    act(() => clock.advance(1_000));
    arrive(store, { ...freeTextRecord, createdAtMs: FIXTURE_NOW_MS + 2 });
    const region = screen.getByRole("status");
    expect(region).toHaveTextContent("New question: Where should I deploy?");
    expect(region).toHaveTextContent("2 more requests are waiting: Checks and Name");
    expect(region.querySelectorAll("p")).toHaveLength(2);
  });

  it("should keep how the question on screen ended when a request arrives within the hold", async () => {
    const { store, clock } = renderWithStore(
      <ComposerDock composer={<textarea aria-label="Message" />} />,
      { prompts: [singleChoiceRecord] },
    );
    await act(async () => store.getState().start());
    expire(store, singleChoiceRecord.id);
    act(() => clock.advance(1_000));
    arrive(store, { ...multiSelectRecord, createdAtMs: FIXTURE_NOW_MS + 1 });
    const region = screen.getByRole("status");
    expect(region).toHaveTextContent("“Target” expired.");
    expect(region).toHaveTextContent("New question: Which checks should run before deploying?");
  });

  it("should start a new message once the hold is over", () => {
    const { store, clock } = renderWithStore(
      <ComposerDock composer={<textarea aria-label="Message" />} />,
      { prompts: [] },
    );
    act(() => store.getState().start());
    arrive(store, singleChoiceRecord);
    act(() => clock.advance(6_000));
    arrive(store, { ...multiSelectRecord, createdAtMs: FIXTURE_NOW_MS + 1 });
    const region = screen.getByRole("status");
    expect(region).not.toHaveTextContent("New question");
    expect(region).toHaveTextContent(
      "Another request is waiting: Which checks should run before deploying?",
    );
  });

  it("should not keep saying how earlier questions ended when news keeps coming within the hold", () => {
    const { store, clock } = renderWithStore(
      <ComposerDock composer={<textarea aria-label="Message" />} />,
      { prompts: [] },
    );
    act(() => store.getState().start());
    const region = screen.getByRole("status");
    // An agent asking one question after another, each ended 1 s after it came, 3 s apart: every
    // change comes within 5 s of the one before it.
    for (let round = 1; round <= 5; round += 1) {
      const record = {
        ...singleChoiceRecord,
        id: `q-${round}`,
        createdAtMs: FIXTURE_NOW_MS + round,
      };
      arrive(store, record);
      act(() => clock.advance(1_000));
      expire(store, record.id);
      act(() => clock.advance(2_000));
    }
    // The region (read whole on every change) holds the news of the last 5 s, not all five.
    const endings = region.textContent?.match(/“Target” expired\./g) ?? [];
    expect(endings.length).toBeGreaterThan(0);
    expect(endings.length).toBeLessThanOrEqual(2);
  });

  it("should say the user skipped the question, naming it", async () => {
    const user = userEvent.setup();
    const { store, api } = renderWithStore(
      <ComposerDock composer={<textarea aria-label="Message" />} />,
      { prompts: [singleChoiceRecord] },
    );
    api.settle = "ok";
    await user.click(screen.getByRole("button", { name: "Skip" }));
    await user.click(screen.getByRole("button", { name: "Yes, skip" }));
    expect(store.getState().prompts.get(singleChoiceRecord.id)?.status).toBe("cancelled");
    expect(screen.getByRole("status")).toHaveTextContent("You skipped “Target”.");
    expect(screen.getByRole("status")).not.toHaveTextContent(/cancelled/i);
  });

  it("should name a waiting request that was answered elsewhere behind the one on screen", () => {
    const waiting = { ...multiSelectRecord, createdAtMs: FIXTURE_NOW_MS + 1 };
    const { store } = renderWithStore(
      <ComposerDock composer={<textarea aria-label="Message" />} />,
      { prompts: [singleChoiceRecord, waiting] },
    );
    const entry = store.getState().prompts.get(waiting.id);
    if (entry === undefined) throw new Error("the waiting request is missing");
    act(() =>
      store.setState({
        prompts: new Map(store.getState().prompts).set(waiting.id, {
          ...entry,
          status: "answered",
          answeredElsewhere: true,
        }),
      }),
    );
    expect(screen.getByRole("status")).toHaveTextContent(
      "A waiting question was answered elsewhere: Checks",
    );
    expect(screen.getByRole("group", { name: "Where should I deploy?" })).toBeInTheDocument();
  });

  it("should speak in the dictionary's language, not the host page's", () => {
    renderWithStore(
      <ComposerDock composer={<textarea aria-label="Message" />} />,
      { prompts: [singleChoiceRecord], sessions: COLLAPSED },
      ja,
    );
    expect(screen.getByRole("status")).toHaveAttribute("lang", "ja");
  });

  it("should say so when the question was answered elsewhere", () => {
    const { store } = renderWithStore(
      <ComposerDock composer={<textarea aria-label="Message" />} />,
      {
        prompts: [singleChoiceRecord],
        sessions: COLLAPSED,
      },
    );
    act(() =>
      store.setState({
        prompts: new Map([
          [
            singleChoiceRecord.id,
            {
              ...entryOf({
                ...singleChoiceRecord,
                status: "answered",
                answers: { answers: { deploy_target: ["Production"] } },
              }),
              status: "answered",
              answeredElsewhere: true,
            },
          ],
        ]),
      }),
    );
    expect(screen.getByRole("status")).toHaveTextContent("Answered elsewhere · Target: Production");
  });
});

describe("given waiting prompts", () => {
  it("should count them for a badge and prefix the title only while they wait", () => {
    const { store } = createFixtureStore({ prompts: [singleChoiceRecord] });
    document.title = "Control";
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QuestionsProvider store={store} sessionKey={FIXTURE_SESSION_KEY}>
        {children}
      </QuestionsProvider>
    );
    const { result } = renderHook(
      () => {
        useTitleBadge();
        return useQuestionBadge();
      },
      { wrapper },
    );
    expect(result.current).toBe(1);
    expect(document.title).toBe("(1) Control");
    act(() => store.setState({ prompts: new Map(), order: [] }));
    expect(result.current).toBe(0);
    expect(document.title).toBe("Control");
  });
});

describe("given a host that asked for OS notifications", () => {
  it("should notify about a question arriving while the page is hidden", async () => {
    const shown: Array<{ title: string; body: string | undefined }> = [];
    class FakeNotification {
      static permission = "granted";
      constructor(title: string, options?: { body?: string }) {
        shown.push({ title, body: options?.body });
      }
    }
    vi.stubGlobal("Notification", FakeNotification);
    const hidden = vi.spyOn(document, "hidden", "get").mockReturnValue(true);
    const { store } = renderWithStore(
      <ComposerDock notifications composer={<textarea aria-label="Message" />} />,
      { prompts: [], sessions: COLLAPSED },
    );
    arrive(store, singleChoiceRecord);
    await vi.waitFor(() =>
      expect(shown).toEqual([
        { title: "A question is waiting for your answer", body: "Where should I deploy?" },
      ]),
    );
    hidden.mockRestore();
    vi.unstubAllGlobals();
  });
});
