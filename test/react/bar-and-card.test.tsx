import { act, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { QuestionCard } from "../../src/react/card/question-card";
import { composeEventHandlers } from "../../src/react/compose-event-handlers";
import { ComposerDock } from "../../src/react/composer-dock";
import { QuestionDock } from "../../src/react/dock/question-dock";
import { QuestionBar } from "../../src/react/question-bar";
import { scopeKey } from "../../src/store/scope";
import {
  FIXTURE_AGENT_ID,
  FIXTURE_NOW_MS,
  FIXTURE_SESSION_KEY,
  singleChoiceRecord,
  threeStepRecord,
} from "../../src/testing/fixtures";
import { renderWithStore } from "./support";

const SESSION = scopeKey({ sessionKey: FIXTURE_SESSION_KEY, agentId: FIXTURE_AGENT_ID });

describe("given a collapsed prompt", () => {
  it("should show the slim bar with header, step and time left, and expand it", async () => {
    const user = userEvent.setup();
    const { store } = renderWithStore(<QuestionBar />, {
      prompts: [threeStepRecord],
      sessions: { [SESSION]: { activePromptId: null, expanded: false } },
    });
    expect(screen.getByRole("region", { name: "Question from the agent" })).toHaveTextContent(
      "Waiting for your answer · Target · 1/3",
    );
    expect(screen.getByText("15 min left")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Show question" }));
    expect(store.getState().sessions.get(SESSION)?.expanded).toBe(true);
  });
});

describe("given a collapsed prompt while another request waits in its last minute", () => {
  it("should show the request navigation, flagged, in the bar", () => {
    const urgent = {
      ...singleChoiceRecord,
      createdAtMs: threeStepRecord.createdAtMs + 1,
      expiresAtMs: FIXTURE_NOW_MS + 45_000,
    };
    renderWithStore(<QuestionBar />, {
      prompts: [threeStepRecord, urgent],
      sessions: { [SESSION]: { activePromptId: null, expanded: false } },
    });
    const navigation = screen.getByRole("navigation", { name: "Pending requests" });
    expect(navigation).toHaveTextContent("1/2");
    expect(screen.getByRole("button", { name: "Next request" })).toHaveAccessibleDescription(
      "Another waiting request has less than a minute left",
    );
  });
});

describe("given a collapsed prompt whose header runs right to left", () => {
  it("should isolate the header so it cannot reorder the step count around it", () => {
    const header = "نشر";
    const record = {
      ...threeStepRecord,
      questions: threeStepRecord.questions.map((question, index) =>
        index === 0 ? { ...question, header } : question,
      ),
    };
    renderWithStore(<QuestionBar />, {
      prompts: [record],
      sessions: { [SESSION]: { activePromptId: null, expanded: false } },
    });
    const bar = screen.getByRole("region", { name: "Question from the agent" });
    expect(bar).toHaveTextContent(`Waiting for your answer · ${header} · 1/3`);
    expect(bar.querySelector("bdi")).toHaveTextContent(header);
  });
});

describe("given the stacked card", () => {
  it("should show every question at once and submit when all have answers", async () => {
    const user = userEvent.setup();
    const { api } = renderWithStore(<QuestionCard />, { prompts: [threeStepRecord] });
    expect(screen.getAllByRole("group")).toHaveLength(3);
    const submit = screen.getByRole("button", { name: "Submit" });
    await user.click(screen.getByRole("radio", { name: /Production/ }));
    await user.click(screen.getByRole("checkbox", { name: /Lint/ }));
    expect(submit).toHaveAttribute("aria-disabled", "true");
    expect(submit).toHaveAccessibleDescription("Answer every question first");
    await user.click(submit);
    expect(api.calls).toEqual([]);
    await user.click(screen.getByRole("radio", { name: /Only me/ }));
    expect(submit).not.toHaveAttribute("aria-disabled");
    await user.click(submit);
    expect(api.calls[0]?.answers).toEqual({
      answers: { deploy_target: ["Production"], checks: ["Lint"], notify: ["Only me, by email"] },
    });
  });
});

describe("given the stacked card with several questions", () => {
  it("should put each question's header above it", () => {
    renderWithStore(<QuestionCard />, { prompts: [threeStepRecord] });
    const groups = screen.getAllByRole("group");
    const headers = groups.map((group) => group.previousElementSibling?.textContent);
    expect(headers).toEqual(["Target", "Checks", "Notify"]);
  });
});

describe("given a touch screen", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("should switch the composer dock to the stacked card", () => {
    vi.stubGlobal("matchMedia", (query: string) => ({
      matches: true,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
    renderWithStore(<ComposerDock composer={<textarea aria-label="Message" />} />, {
      prompts: [threeStepRecord],
    });
    expect(screen.getAllByRole("group")).toHaveLength(3);
  });

  it("should keep the dock when the host forces it", () => {
    vi.stubGlobal("matchMedia", (query: string) => ({
      matches: true,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
    renderWithStore(<ComposerDock layout="dock" composer={<textarea aria-label="Message" />} />, {
      prompts: [threeStepRecord],
    });
    expect(screen.getByText("Question 1 of 3")).toBeInTheDocument();
  });
});

describe("given a host handler on a part", () => {
  it("should run the host's handler first and let it cancel ours", () => {
    const ours = vi.fn();
    const handler = composeEventHandlers(
      (event: { defaultPrevented: boolean; preventDefault(): void }) => event.preventDefault(),
      ours,
    );
    const event = {
      defaultPrevented: false,
      preventDefault() {
        this.defaultPrevented = true;
      },
    };
    act(() => handler(event));
    expect(ours).not.toHaveBeenCalled();
  });

  it("should let the host cancel Escape on the dock root", async () => {
    const user = userEvent.setup();
    const { store } = renderWithStore(
      <QuestionDock onKeyDown={(event) => event.key === "Escape" && event.preventDefault()} />,
      { prompts: [threeStepRecord] },
    );
    act(() => screen.getByRole("radio", { name: /Staging/ }).focus());
    await user.keyboard("{Escape}");
    expect(store.getState().sessions.get(SESSION)?.expanded ?? true).toBe(true);
  });
});
