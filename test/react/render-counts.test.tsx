import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Profiler, type ReactNode } from "react";
import { describe, expect, it } from "vitest";
import { Countdown } from "../../src/react/dock/countdown";
import { DockFooter } from "../../src/react/dock/dock-footer";
import { QuestionDockHeader } from "../../src/react/dock/dock-header";
import { DockOptions } from "../../src/react/dock/dock-options";
import { DockOther } from "../../src/react/dock/dock-other";
import { QuestionDockRoot } from "../../src/react/dock/dock-root";
import { QuestionDockStatus } from "../../src/react/dock/dock-status";
import { DockStep } from "../../src/react/dock/dock-step";
import { DockSteps } from "../../src/react/dock/dock-steps";
import { NextButton } from "../../src/react/dock/next-button";
import { QuestionsProvider } from "../../src/react/provider";
import { createEntry } from "../../src/store/outcomes";
import {
  FIXTURE_AGENT_ID,
  FIXTURE_NOW_MS,
  FIXTURE_SESSION_KEY,
  makeQuestionRecord,
  notifyQuestion,
  singleChoiceRecord,
  threeStepRecord,
} from "../../src/testing/fixtures";
import { createFixtureStore } from "../../stories/support/fixture-store";

function renderCounted(store: ReturnType<typeof createFixtureStore>["store"]) {
  const counts: Record<string, number> = {};
  const count = (id: string) => () => {
    counts[id] = (counts[id] ?? 0) + 1;
  };
  const measured = (id: string, node: ReactNode) => (
    <Profiler id={id} onRender={count(id)}>
      {node}
    </Profiler>
  );
  render(
    <QuestionsProvider store={store} sessionKey={FIXTURE_SESSION_KEY} agentId={FIXTURE_AGENT_ID}>
      {measured(
        "dock",
        <QuestionDockRoot>
          {measured(
            "header",
            <QuestionDockHeader>{measured("countdown", <Countdown />)}</QuestionDockHeader>,
          )}
          {measured("steps", <DockSteps />)}
          {measured("status", <QuestionDockStatus />)}
          <DockStep>
            {measured("options", <DockOptions />)}
            {measured("other", <DockOther />)}
          </DockStep>
          <DockFooter>{measured("next", <NextButton />)}</DockFooter>
        </QuestionDockRoot>,
      )}
    </QuestionsProvider>,
  );
  const reset = () => {
    for (const key of Object.keys(counts)) delete counts[key];
  };
  reset();
  return { counts, reset };
}

describe("given a dock measured with React's Profiler", () => {
  it("should re-render nothing on the clock's ticks within a minute, only the countdown as its minute changes", () => {
    const { store } = createFixtureStore({ prompts: [singleChoiceRecord] });
    const { counts } = renderCounted(store);
    act(() => store.setState({ nowMs: FIXTURE_NOW_MS + 1_000 }));
    expect(screen.getByText("15 min left")).toBeInTheDocument();
    expect(counts).toEqual({});
    act(() => store.setState({ nowMs: FIXTURE_NOW_MS + 60_000 }));
    expect(screen.getByText("14 min left")).toBeInTheDocument();
    expect(counts).toEqual({ dock: 1, header: 1, countdown: 1 });
  });

  it("should re-render at most the Other field and the Next button on a keystroke in Other", async () => {
    const user = userEvent.setup();
    const { store } = createFixtureStore({ prompts: [singleChoiceRecord] });
    const { counts, reset } = renderCounted(store);
    const other = screen.getByRole("textbox", { name: "Your own answer for Target" });
    await user.click(other);
    reset();
    await user.keyboard("a");
    const rendered = Object.keys(counts).filter((id) => !["dock", "other", "next"].includes(id));
    expect(rendered).toEqual([]);
    expect(counts.other).toBe(1);
  });

  it("should not re-render the question headers on a keystroke in Other or a clock tick", async () => {
    const user = userEvent.setup();
    const { store } = createFixtureStore({ prompts: [threeStepRecord] });
    const { counts, reset } = renderCounted(store);
    expect(screen.getByRole("list", { name: "Questions" })).toBeInTheDocument();
    await user.click(screen.getByRole("textbox", { name: "Your own answer for Target" }));
    reset();
    await user.keyboard("ab");
    act(() => store.setState({ nowMs: FIXTURE_NOW_MS + 1_000 }));
    expect(counts.steps).toBeUndefined();
    expect(counts.other).toBe(2);
  });

  it("should re-render nothing for an event of another session or another prompt", () => {
    const { store } = createFixtureStore({ prompts: [singleChoiceRecord] });
    const { counts } = renderCounted(store);
    const elsewhere = makeQuestionRecord([notifyQuestion], {
      id: "ask_0000000000000000000000000000b001",
      sessionKey: "agent:main:other",
    });
    act(() => {
      const state = store.getState();
      store.setState({
        prompts: new Map(state.prompts).set(elsewhere.id, createEntry(elsewhere)),
        order: [...state.order, elsewhere.id],
      });
    });
    act(() => {
      const state = store.getState();
      const entry = state.prompts.get(elsewhere.id);
      if (entry === undefined) throw new Error("seeded prompt missing");
      store.setState({
        prompts: new Map(state.prompts).set(elsewhere.id, { ...entry, status: "cancelled" }),
      });
    });
    expect(counts).toEqual({});
  });
});
