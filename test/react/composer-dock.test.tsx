import { act, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { QuestionRecord } from "../../src/protocol/types";
import { ComposerDock } from "../../src/react/composer-dock";
import { SWITCH_GUARD_MS } from "../../src/react/dock/use-switch-guard";
import { createEntry } from "../../src/store/outcomes";
import { scopeKey } from "../../src/store/scope";
import {
  FIXTURE_AGENT_ID,
  FIXTURE_SESSION_KEY,
  singleChoiceRecord,
  threeStepRecord,
} from "../../src/testing/fixtures";
import { renderWithStore } from "./support";

const composer = <textarea aria-label="Message" />;

/** The store's state with `record` as its one waiting prompt: a question arriving. */
const onlyPrompt = (record: QuestionRecord) => ({
  prompts: new Map([[record.id, createEntry(record)]]),
  order: [record.id],
});

describe("given a composer with a pending prompt", () => {
  it("should show the dock in place of the composer and keep the composer mounted", () => {
    renderWithStore(<ComposerDock composer={composer} />, { prompts: [threeStepRecord] });
    expect(screen.getByRole("region", { name: "Question from the agent" })).toBeInTheDocument();
    expect(screen.queryByRole("textbox", { name: "Message" })).not.toBeInTheDocument();
    expect(screen.getByLabelText("Message", { selector: "textarea" })).not.toBeVisible();
  });

  it("should collapse on Escape, focus the composer, and restore the step and drafts on expand", async () => {
    const user = userEvent.setup();
    renderWithStore(<ComposerDock composer={composer} />, { prompts: [threeStepRecord] });
    await user.click(screen.getByRole("radio", { name: /Production/ }));
    await user.type(screen.getByRole("textbox", { name: "Your own answer for Checks" }), "Docs");
    await user.keyboard("{Escape}");
    expect(screen.getByRole("region", { name: "Question from the agent" })).toHaveTextContent(
      "Waiting for your answer · Checks · 2/3",
    );
    expect(screen.getByRole("textbox", { name: "Message" })).toHaveFocus();
    await user.click(screen.getByRole("button", { name: "Show question" }));
    expect(screen.getByText("Question 2 of 3")).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "Your own answer for Checks" })).toHaveValue("Docs");
  });

  it("should keep the composer's own draft while the dock is open", async () => {
    const user = userEvent.setup();
    const { store } = renderWithStore(<ComposerDock composer={composer} />, {
      prompts: [threeStepRecord],
    });
    act(() =>
      store
        .getState()
        .setExpanded({ sessionKey: threeStepRecord.sessionKey ?? "", agentId: "main" }, false),
    );
    await user.type(screen.getByRole("textbox", { name: "Message" }), "half a thought");
    await user.click(screen.getByRole("button", { name: "Show question" }));
    await user.keyboard("{Escape}");
    expect(screen.getByRole("textbox", { name: "Message" })).toHaveValue("half a thought");
  });
});

describe("given no pending prompt", () => {
  it("should show only the composer", () => {
    renderWithStore(<ComposerDock composer={composer} />, { prompts: [] });
    expect(screen.getByRole("textbox", { name: "Message" })).toBeVisible();
    expect(screen.queryByRole("region")).not.toBeInTheDocument();
  });
});

describe("given the user typing in the composer when a question arrives", () => {
  it("should keep the composer and its focus and show the question in the slim bar", async () => {
    const user = userEvent.setup();
    const { store } = renderWithStore(<ComposerDock composer={composer} />, { prompts: [] });
    const message = screen.getByRole("textbox", { name: "Message" });
    await user.type(message, "half a");
    const entry = {
      id: singleChoiceRecord.id,
      record: singleChoiceRecord,
      status: "pending" as const,
      answeredElsewhere: false,
      answers: null,
      sent: null,
      unsentAnswers: null,
      outcomeAtMs: null,
      error: null,
    };
    act(() => store.setState({ prompts: new Map([[entry.id, entry]]), order: [entry.id] }));
    await user.type(message, " thought");
    expect(message).toHaveFocus();
    expect(message).toHaveValue("half a thought");
    expect(screen.getByRole("region", { name: "Question from the agent" })).toHaveTextContent(
      "Waiting for your answer · Target",
    );
  });
});

describe("given a host that blurs its composer for its own takeover as a question arrives", () => {
  it("should still leave the composer to the user who was writing, and show the slim bar", async () => {
    const user = userEvent.setup();
    const { store } = renderWithStore(<ComposerDock composer={composer} />, { prompts: [] });
    const message = screen.getByRole("textbox", { name: "Message" });
    await user.type(message, "half a");
    act(() => {
      store.setState(onlyPrompt(singleChoiceRecord));
      // As OpenClaw's Control UI does, after the event reached the kit and before it renders.
      message.blur();
    });
    expect(screen.getByRole("region", { name: "Question from the agent" })).toHaveTextContent(
      "Waiting for your answer · Target",
    );
    expect(screen.queryByRole("radio")).not.toBeInTheDocument();
  });
});

describe("given a question that arrives right after the user clicked the composer's Send", () => {
  it("should take the composer over: a focused button is not a message being written", async () => {
    const user = userEvent.setup();
    const withSend = (
      <form aria-label="Composer" onSubmit={(event) => event.preventDefault()}>
        <input aria-label="Message" />
        <button type="submit">Send</button>
      </form>
    );
    const { store } = renderWithStore(<ComposerDock composer={withSend} />, { prompts: [] });
    await user.click(screen.getByRole("button", { name: "Send" }));
    expect(screen.getByRole("button", { name: "Send" })).toHaveFocus();
    act(() => store.setState(onlyPrompt(singleChoiceRecord)));
    expect(screen.getByRole("radio", { name: /Staging/ })).toBeInTheDocument();
  });
});

describe("given a question the user collapsed, which then ends", () => {
  it("should let the next question take the idle composer over again", async () => {
    const user = userEvent.setup();
    const { store } = renderWithStore(<ComposerDock composer={composer} />, {
      prompts: [singleChoiceRecord],
    });
    await user.keyboard("{Escape}");
    expect(screen.getByRole("textbox", { name: "Message" })).toHaveFocus();
    act(() => store.setState({ prompts: new Map(), order: [] }));
    act(() => store.setState(onlyPrompt(threeStepRecord)));
    expect(screen.getByText("Question 1 of 3")).toBeInTheDocument();
    // The focus moves once the frame that shows the dock has painted.
    await waitFor(() => expect(screen.getByRole("radio", { name: /Staging/ })).toHaveFocus());
  });
});

describe("given a question arriving on an idle page", () => {
  const afterPaint = () =>
    new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

  it("should leave the focus where the user put it before the dock painted", async () => {
    const { store } = renderWithStore(
      <>
        <button type="button">Sessions</button>
        <ComposerDock composer={composer} />
      </>,
      { prompts: [] },
    );
    act(() => store.setState(onlyPrompt(singleChoiceRecord)));
    act(() => screen.getByRole("button", { name: "Sessions" }).focus());
    await act(afterPaint);
    expect(screen.getByRole("button", { name: "Sessions" })).toHaveFocus();
    expect(screen.getByRole("radio", { name: /Staging/ })).toBeInTheDocument();
  });
});

describe("given a question asked by a button the user pressed", () => {
  const afterPaint = () =>
    new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

  it("should take the focus from that button once the dock painted", async () => {
    const { store } = renderWithStore(
      <>
        <button type="button">Sign up</button>
        <ComposerDock composer={composer} />
      </>,
      { prompts: [] },
    );
    act(() => screen.getByRole("button", { name: "Sign up" }).focus());
    act(() => store.setState(onlyPrompt(singleChoiceRecord)));
    await act(afterPaint);
    expect(screen.getByRole("radio", { name: /Staging/ })).toHaveFocus();
  });

  it("should never take it from a text field the user is typing in", async () => {
    const { store } = renderWithStore(
      <>
        <input aria-label="Search" defaultValue="deplo" />
        <ComposerDock composer={composer} />
      </>,
      { prompts: [] },
    );
    act(() => screen.getByRole("textbox", { name: "Search" }).focus());
    act(() => store.setState(onlyPrompt(singleChoiceRecord)));
    await act(afterPaint);
    expect(screen.getByRole("textbox", { name: "Search" })).toHaveFocus();
  });
});

describe("given a collapsed prompt with an option already chosen", () => {
  it("should focus the chosen option, not the first one, on expand", async () => {
    const user = userEvent.setup();
    renderWithStore(<ComposerDock composer={composer} />, {
      prompts: [singleChoiceRecord],
      sessions: {
        [scopeKey({ sessionKey: FIXTURE_SESSION_KEY, agentId: FIXTURE_AGENT_ID })]: {
          activePromptId: null,
          expanded: false,
        },
      },
      drafts: {
        [singleChoiceRecord.id]: {
          step: 0,
          questions: { deploy_target: { selected: ["Production"], otherText: "" } },
        },
      },
    });
    await user.click(screen.getByRole("button", { name: "Show question" }));
    expect(screen.getByRole("radio", { name: /Production/ })).toHaveFocus();
  });
});

describe("given a question the user answers with a click", () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("should keep the second click of a double-click on Submit off the composer's send button", async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const sent = vi.fn();
    const { store } = renderWithStore(
      <ComposerDock
        composer={
          <button type="button" onClick={sent}>
            Send
          </button>
        }
      />,
      { prompts: [singleChoiceRecord] },
    );
    await user.click(screen.getByRole("radio", { name: /Production/ }));
    await user.click(screen.getByRole("button", { name: "Submit" }));
    act(() => store.setState({ prompts: new Map(), order: [] }));
    // Where Submit was, the composer's send button now is.
    await expect(user.click(screen.getByRole("button", { name: "Send" }))).rejects.toThrow(
      /pointer-events/,
    );
    act(() => vi.advanceTimersByTime(SWITCH_GUARD_MS));
    await user.click(screen.getByRole("button", { name: "Send" }));
    expect(sent).toHaveBeenCalledTimes(1);
  });
});
