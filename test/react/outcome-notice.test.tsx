import { act, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { StoreApi } from "zustand/vanilla";
import { ComposerDock } from "../../src/react/composer-dock";
import { QuestionDock } from "../../src/react/dock/question-dock";
import { de } from "../../src/react/i18n/de";
import { scopeKey } from "../../src/store/scope";
import type { PromptEntry, QuestionStore } from "../../src/store/types";
import {
  FIXTURE_AGENT_ID,
  FIXTURE_NOW_MS,
  FIXTURE_SESSION_KEY,
  multiSelectRecord,
  singleChoiceRecord,
  threeStepRecord,
} from "../../src/testing/fixtures";
import { renderWithStore } from "./support";

const composer = <textarea aria-label="Message" />;
const PROMPT_ID = singleChoiceRecord.id;
const ANSWERED_ELSEWHERE: Partial<PromptEntry> = {
  record: {
    ...singleChoiceRecord,
    status: "answered",
    answers: { answers: { deploy_target: ["Production"] } },
  },
  status: "answered",
  answeredElsewhere: true,
  answers: { answers: { deploy_target: ["Production"] } },
};
const COLLAPSED = {
  [scopeKey({ sessionKey: FIXTURE_SESSION_KEY, agentId: FIXTURE_AGENT_ID })]: {
    activePromptId: null,
    expanded: false,
  },
};

function endPrompt(store: StoreApi<QuestionStore>, patch: Partial<PromptEntry>, id = PROMPT_ID) {
  act(() =>
    store.setState((state) => {
      const entry = state.prompts.get(id);
      if (entry === undefined) throw new Error(`no prompt ${id}`);
      return { prompts: new Map(state.prompts).set(id, { ...entry, ...patch }) };
    }),
  );
}

const notice = () => screen.queryByRole("region", { name: "Question outcome" });

describe("given the dock open over the composer", () => {
  it("should retire into a focused notice with the answer given elsewhere, so keys still being typed go nowhere", async () => {
    const user = userEvent.setup();
    const { store } = renderWithStore(<ComposerDock composer={composer} />, {
      prompts: [singleChoiceRecord],
    });
    await user.type(
      screen.getByRole("textbox", { name: "Your own answer for Target" }),
      "Only after",
    );
    endPrompt(store, ANSWERED_ELSEWHERE);
    expect(notice()).toHaveTextContent("Answered elsewhere · Target: Production");
    expect(notice()).toHaveFocus();
    expect(screen.queryByRole("region", { name: "Question from the agent" })).toBeNull();
    await user.keyboard(" 18:00{Enter}");
    expect(screen.getByRole("textbox", { name: "Message" })).toHaveValue("");
    expect(notice()).toHaveTextContent("Your unsent answer: Only after");
  });

  it("should not let keys still being typed pick an option of the next request", async () => {
    const user = userEvent.setup();
    const next = { ...threeStepRecord, createdAtMs: singleChoiceRecord.createdAtMs + 1 };
    const { store } = renderWithStore(<ComposerDock composer={composer} />, {
      prompts: [singleChoiceRecord, next],
    });
    await user.type(
      screen.getByRole("textbox", { name: "Your own answer for Target" }),
      "Only after",
    );
    endPrompt(store, ANSWERED_ELSEWHERE);
    expect(notice()).toHaveFocus();
    await user.keyboard(" 1{Enter}");
    expect(screen.getByText("Question 1 of 3")).toBeInTheDocument();
    expect(screen.getByRole("radio", { name: /Staging/ })).not.toBeChecked();
    expect(store.getState().drafts.get(next.id)).toBeUndefined();
  });

  it("should keep the typed answer visible when another surface answers differently", async () => {
    const user = userEvent.setup();
    const { store } = renderWithStore(<ComposerDock composer={composer} />, {
      prompts: [singleChoiceRecord],
    });
    await user.type(
      screen.getByRole("textbox", { name: "Your own answer for Target" }),
      "Only after 18:00",
    );
    endPrompt(store, ANSWERED_ELSEWHERE);
    expect(notice()).toHaveTextContent("Answered elsewhere · Target: Production");
    expect(notice()).toHaveTextContent("Your unsent answer: Only after 18:00");
  });

  it("should keep the unsent typed answer visible when the question expires", async () => {
    const user = userEvent.setup();
    const { store } = renderWithStore(<ComposerDock composer={composer} />, {
      prompts: [singleChoiceRecord],
    });
    await user.type(
      screen.getByRole("textbox", { name: "Your own answer for Target" }),
      "Only after 18:00",
    );
    endPrompt(store, { status: "expired" });
    expect(notice()).toHaveTextContent("“Target” expired.");
    expect(notice()).toHaveTextContent("Your unsent answer: Only after 18:00");
  });

  it("should say the question is no longer available and keep what was sent but never confirmed", () => {
    const { store } = renderWithStore(<ComposerDock composer={composer} />, {
      prompts: [singleChoiceRecord],
    });
    endPrompt(store, {
      status: "unavailable",
      unsentAnswers: { answers: { deploy_target: ["Staging (Recommended)"] } },
    });
    expect(notice()).toHaveTextContent(
      "The gateway no longer has “Target” (it may have restarted).",
    );
    expect(notice()).toHaveTextContent("Your unsent answer: Staging (Recommended)");
  });

  it("should say it cannot confirm an answer that was sent before the gateway lost the question", () => {
    const { store } = renderWithStore(<ComposerDock composer={composer} />, {
      prompts: [singleChoiceRecord],
    });
    endPrompt(store, {
      status: "unavailable",
      sent: { kind: "resolve", answers: { answers: { deploy_target: ["Production"] } } },
    });
    expect(notice()).toHaveTextContent(
      "We could not confirm whether your answer to “Target” arrived",
    );
    expect(notice()).toHaveTextContent("Your answer: Production");
    expect(notice()).not.toHaveTextContent(/unsent|may have restarted/);
  });

  it("should say it cannot confirm a Skip that was sent before the gateway lost the question", () => {
    const { store } = renderWithStore(<ComposerDock composer={composer} />, {
      prompts: [singleChoiceRecord],
    });
    endPrompt(store, { status: "unavailable", sent: { kind: "cancel" } });
    expect(notice()).toHaveTextContent(
      "We could not confirm whether your skip of “Target” arrived",
    );
  });

  it("should say when the question was cancelled elsewhere", () => {
    const { store } = renderWithStore(<ComposerDock composer={composer} />, {
      prompts: [singleChoiceRecord],
    });
    endPrompt(store, { status: "cancelled", answeredElsewhere: true });
    expect(notice()).toHaveTextContent("Cancelled elsewhere, for example by the agent: “Target”.");
  });

  it("should show no notice after the user's own answer or skip", () => {
    const { store } = renderWithStore(<ComposerDock composer={composer} />, {
      prompts: [singleChoiceRecord],
    });
    endPrompt(store, { status: "cancelled", answeredElsewhere: false });
    expect(notice()).toBeNull();
    expect(screen.getByRole("textbox", { name: "Message" })).toBeVisible();
  });
});

describe("given the user typing in the composer under the slim bar", () => {
  it("should retire the bar without taking focus and say so politely", async () => {
    const user = userEvent.setup();
    const { store } = renderWithStore(<ComposerDock composer={composer} />, {
      prompts: [singleChoiceRecord],
      sessions: COLLAPSED,
    });
    const message = screen.getByRole("textbox", { name: "Message" });
    await user.type(message, "half a thought");
    endPrompt(store, { status: "expired" });
    expect(notice()).toHaveTextContent("“Target” expired.");
    expect(message).toHaveFocus();
    const spoken = screen.getByText("“Target” expired.", { selector: "[aria-live] > p" });
    expect(spoken.closest("[aria-live]")).toHaveAttribute("aria-live", "polite");
  });
});

describe("given a notice on screen", () => {
  it("should close on its button and give focus back to the composer", async () => {
    const user = userEvent.setup();
    const { store } = renderWithStore(<ComposerDock composer={composer} />, {
      prompts: [singleChoiceRecord],
    });
    endPrompt(store, ANSWERED_ELSEWHERE);
    await user.click(screen.getByRole("button", { name: "Close this notice" }));
    expect(notice()).toBeNull();
    expect(screen.getByRole("textbox", { name: "Message" })).toHaveFocus();
  });

  it("should go away when a new question arrives, which takes over the idle composer", () => {
    const { store } = renderWithStore(<ComposerDock composer={composer} />, {
      prompts: [singleChoiceRecord],
    });
    endPrompt(store, { status: "expired" });
    expect(notice()).not.toBeNull();
    const next = { ...multiSelectRecord, createdAtMs: FIXTURE_NOW_MS + 1_000 };
    const entry = store.getState().prompts.get(PROMPT_ID);
    if (entry === undefined) throw new Error("prompt missing");
    act(() =>
      store.setState((state) => ({
        prompts: new Map(state.prompts).set(next.id, {
          ...entry,
          id: next.id,
          record: next,
          status: "pending",
          outcomeAtMs: null,
        }),
        order: [...state.order, next.id],
      })),
    );
    expect(notice()).toBeNull();
    expect(
      screen.getByRole("group", { name: multiSelectRecord.questions[0]?.question ?? "" }),
    ).toBeVisible();
    expect(screen.queryByRole("textbox", { name: "Message" })).toBeNull();
  });
});

describe("given a request of several questions that expires on screen", () => {
  it("should name every question of it by its header", () => {
    const { store } = renderWithStore(<QuestionDock />, { prompts: [threeStepRecord] });
    endPrompt(store, { status: "expired" }, threeStepRecord.id);
    expect(notice()).toHaveTextContent("“Target”, “Checks”, and “Notify” expired.");
  });
});

describe("given a standalone dock in German", () => {
  it("should name the expired question with German quotes", () => {
    const { store } = renderWithStore(<QuestionDock />, { prompts: [singleChoiceRecord] }, de);
    endPrompt(store, { status: "expired" });
    expect(screen.getByRole("region", { name: "Ausgang der Frage" })).toHaveTextContent(
      "Zeit abgelaufen für „Target“.",
    );
  });

  it("should retire into the translated notice", () => {
    const { store } = renderWithStore(<QuestionDock />, { prompts: [singleChoiceRecord] }, de);
    endPrompt(store, ANSWERED_ELSEWHERE);
    expect(screen.getByRole("region", { name: "Ausgang der Frage" })).toHaveTextContent(
      "An anderer Stelle beantwortet · Target: Production",
    );
  });
});
