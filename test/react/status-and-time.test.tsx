import { act, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { formatTimeLeft } from "../../src/react/dock/countdown";
import { QuestionDock } from "../../src/react/dock/question-dock";
import { ar } from "../../src/react/i18n/ar";
import { de } from "../../src/react/i18n/de";
import { en } from "../../src/react/i18n/en";
import { ja } from "../../src/react/i18n/ja";
import { createEntry } from "../../src/store/outcomes";
import { FIXTURE_NOW_MS, multiSelectRecord, singleChoiceRecord } from "../../src/testing/fixtures";
import { renderWithStore } from "./support";

const CHOSEN = {
  [singleChoiceRecord.id]: {
    step: 0,
    questions: { deploy_target: { selected: ["Production"], otherText: "" } },
  },
};

describe("given a countdown", () => {
  it("should say minutes, rounded up, while more than a minute is left", () => {
    expect(formatTimeLeft(900, en)).toBe("15 min left");
    expect(formatTimeLeft(899, en)).toBe("15 min left");
    expect(formatTimeLeft(300, en)).toBe("5 min left");
    expect(formatTimeLeft(61, en)).toBe("2 min left");
  });

  it("should say seconds only in the last minute", () => {
    expect(formatTimeLeft(60, en)).toBe("60 sec left");
    expect(formatTimeLeft(42, en)).toBe("42 sec left");
    expect(formatTimeLeft(0, en)).toBe("0 sec left");
  });

  it("should say the units in the dictionary's language", () => {
    expect(formatTimeLeft(300, de)).toBe("noch 5 Min.");
    expect(formatTimeLeft(42, ja)).toBe("残り 42 秒");
    expect(formatTimeLeft(300, ar)).toBe("متبقٍ 5 د");
  });

  it("should count down in minutes as the clock runs, then warn in seconds in the last minute", async () => {
    const { store, clock } = renderWithStore(<QuestionDock />, { prompts: [singleChoiceRecord] });
    await act(async () => store.getState().start());
    const countdown = screen.getByText(/left$/);
    expect(countdown).toHaveTextContent("15 min left");
    expect(countdown).toHaveAttribute("data-urgency", "calm");
    act(() => clock.advance(60_000));
    expect(countdown).toHaveTextContent("14 min left");
    act(() => clock.advance(779_000));
    expect(countdown).toHaveTextContent("2 min left");
    expect(countdown).toHaveAttribute("data-urgency", "calm");
    act(() => clock.advance(1_000));
    expect(countdown).toHaveTextContent("60 sec left");
    expect(countdown).toHaveAttribute("data-urgency", "warning");
    act(() => clock.advance(18_000));
    expect(countdown).toHaveTextContent("42 sec left");
  });
});

describe("given a record whose deadline is beyond what the protocol allows", () => {
  it("should say more than an hour is left, never print an absurd time", () => {
    const absurd = { ...singleChoiceRecord, expiresAtMs: 1e308 };
    renderWithStore(<QuestionDock />, { prompts: [absurd] });
    const countdown = screen.getByText(/left/);
    expect(countdown).toHaveTextContent("More than an hour left");
    expect(countdown).toHaveAttribute("data-urgency", "calm");
  });

  it("should count down as usual once an hour or less is left", () => {
    const hour = { ...singleChoiceRecord, expiresAtMs: FIXTURE_NOW_MS + 3_600_000 };
    renderWithStore(<QuestionDock />, { prompts: [hour] });
    expect(screen.getByText(/left/)).toHaveTextContent("60 min left");
  });
});

describe("given a prompt in each sending state", () => {
  it("should say the answer is being sent", () => {
    renderWithStore(<QuestionDock />, {
      prompts: [{ record: singleChoiceRecord, status: "submitting" }],
      drafts: CHOSEN,
    });
    expect(screen.getByRole("status")).toHaveTextContent("Sending your answer");
  });

  it("should say the answer waits for the connection when queued", () => {
    renderWithStore(<QuestionDock />, {
      prompts: [{ record: singleChoiceRecord, status: "queued" }],
      drafts: CHOSEN,
    });
    expect(screen.getByRole("status")).toHaveTextContent(/offline/);
  });

  it("should show the error and retry it", async () => {
    const user = userEvent.setup();
    const error = { questionId: null, code: "UNAVAILABLE", reason: null, message: "no route" };
    const { api } = renderWithStore(<QuestionDock />, {
      prompts: [{ record: singleChoiceRecord, error }],
      drafts: CHOSEN,
    });
    expect(screen.getByRole("alert")).toHaveTextContent("Your answer could not be sent: no route");
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(api.calls.map((call) => call.method)).toEqual(["resolve"]);
  });
});

describe("given a prompt that ended while shown", () => {
  it.each([
    [
      "expired",
      { record: { ...singleChoiceRecord, status: "expired" as const } },
      "“Target” expired.",
    ],
    [
      "unavailable",
      { record: singleChoiceRecord, status: "unavailable" as const },
      "The gateway no longer has “Target”",
    ],
    [
      "answered elsewhere",
      {
        record: {
          ...singleChoiceRecord,
          status: "answered" as const,
          answers: { answers: { deploy_target: ["Production"] } },
        },
        answeredElsewhere: true,
      },
      "Answered elsewhere · Target: Production",
    ],
  ])("should say it was %s and offer neither Skip nor Submit", (_name, prompt, sentence) => {
    renderWithStore(<QuestionDock promptId={singleChoiceRecord.id} />, { prompts: [prompt] });
    expect(screen.getByRole("region", { name: "Question outcome" })).toHaveTextContent(sentence);
    expect(screen.queryByRole("button", { name: "Skip" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Submit" })).not.toBeInTheDocument();
  });
});

describe("given two pending requests", () => {
  it("should show ‹ 1/2 › and move between them", async () => {
    const user = userEvent.setup();
    renderWithStore(<QuestionDock />, {
      prompts: [singleChoiceRecord, { ...multiSelectRecord, createdAtMs: FIXTURE_NOW_MS + 1 }],
    });
    const navigation = screen.getByRole("navigation", { name: "Pending requests" });
    expect(navigation).toHaveTextContent("1/2");
    expect(screen.getByRole("group", { name: "Where should I deploy?" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Next request" }));
    expect(navigation).toHaveTextContent("2/2");
    expect(screen.queryByRole("group", { name: "Where should I deploy?" })).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Previous request" }));
    expect(navigation).toHaveTextContent("1/2");
  });

  it("should point the way to another request in its last minute", () => {
    const urgent = {
      ...multiSelectRecord,
      createdAtMs: FIXTURE_NOW_MS + 1,
      expiresAtMs: FIXTURE_NOW_MS + 90_000,
    };
    const { store } = renderWithStore(<QuestionDock />, {
      prompts: [singleChoiceRecord, urgent],
    });
    const navigation = screen.getByRole("navigation", { name: "Pending requests" });
    const next = screen.getByRole("button", { name: "Next request" });
    expect(navigation).toHaveAttribute("data-urgency", "calm");
    expect(next).not.toHaveAccessibleDescription();
    act(() => store.setState({ nowMs: FIXTURE_NOW_MS + 31_000 }));
    expect(navigation).toHaveAttribute("data-urgency", "warning");
    expect(next).toHaveAttribute("data-urgency", "warning");
    expect(next).toHaveAccessibleDescription("Another waiting request has less than a minute left");
    expect(
      screen.getByRole("button", { name: "Previous request" }),
    ).not.toHaveAccessibleDescription();
  });

  it("should keep the request being answered, and the keys typed into it, when a newer one arrives", async () => {
    const user = userEvent.setup();
    const { store, api } = renderWithStore(<QuestionDock />, { prompts: [singleChoiceRecord] });
    api.settle = "ok";
    const other = screen.getByRole("textbox", { name: "Your own answer for Target" });
    await user.click(other);
    await user.keyboard("Use the canary clust");
    const newer = { ...multiSelectRecord, createdAtMs: FIXTURE_NOW_MS + 1 };
    act(() =>
      store.setState((state) => ({
        prompts: new Map(state.prompts).set(newer.id, createEntry(newer)),
        order: [...state.order, newer.id],
      })),
    );
    await user.keyboard("er{Control>}{Enter}{/Control}");
    expect(api.calls).toEqual([
      {
        method: "resolve",
        id: singleChoiceRecord.id,
        answers: { answers: { deploy_target: ["Use the canary cluster"] } },
      },
    ]);
  });
});

describe("given a page whose storage part did not load", () => {
  it("should say answers are not kept across a reload, and move the focus to the question once Try again worked", async () => {
    const user = userEvent.setup();
    const { store } = renderWithStore(<QuestionDock />, { prompts: [singleChoiceRecord] });
    let loadPart: () => void = () => undefined;
    act(() =>
      store.setState({
        storageFailure: "Failed to fetch dynamically imported module",
        retryStorage: () =>
          new Promise<void>((resolve) => {
            loadPart = () => {
              store.setState({ storageFailure: null });
              resolve();
            };
          }),
      }),
    );
    expect(screen.getByText(en.storageFailed).closest('[role="status"]')).not.toBeNull();
    const retry = screen.getByRole("button", { name: en.retry });
    await user.click(retry);
    expect(retry).toHaveAttribute("aria-disabled", "true");
    await act(async () => loadPart());
    expect(screen.queryByText(en.storageFailed)).toBeNull();
    expect(screen.getByRole("radio", { name: /Staging/ })).toHaveFocus();
  });
});
