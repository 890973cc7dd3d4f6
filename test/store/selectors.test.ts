import { describe, expect, it } from "vitest";
import type { QuestionAction } from "../../src/store/actions";
import { reduceQuestions } from "../../src/store/reducer";
import { scopeKey } from "../../src/store/scope";
import {
  selectCanAdvance,
  selectCanSubmit,
  selectStepProgress,
  selectStepStates,
} from "../../src/store/selectors-drafts";
import {
  selectActivePromptId,
  selectIsExpanded,
  selectPendingPrompts,
  selectRequestPosition,
  selectTimeLeftMs,
  selectWaitingCount,
} from "../../src/store/selectors-prompts";
import { selectTimelineItems } from "../../src/store/selectors-timeline";
import type { QuestionStoreState } from "../../src/store/types";
import { emptyState, makeRecord, START_MS } from "./support/records";

const MAIN = { sessionKey: "main" };

function apply(state: QuestionStoreState, ...actions: QuestionAction[]): QuestionStoreState {
  return actions.reduce((current, action) => reduceQuestions(current, action), state);
}

const request = (
  id: string,
  createdAtMs: number,
  extra: Record<string, unknown> = {},
): QuestionAction => ({
  type: "question-requested",
  record: { ...makeRecord({ id, createdAtMs }), ...extra },
  atMs: START_MS,
});

describe("given prompts of several sessions", () => {
  const state = apply(
    emptyState(),
    request("newer", START_MS + 2),
    request("older", START_MS + 1),
    request("other", START_MS, { sessionKey: "other" }),
    request("no_session", START_MS + 3, { sessionKey: undefined }),
    request("agent_b", START_MS + 4, { agentId: "b" }),
  );

  it("should list a session's waiting prompts oldest first (a record without sessionKey belongs to main)", () => {
    expect(selectPendingPrompts(state, MAIN).map((entry) => entry.id)).toEqual([
      "older",
      "newer",
      "no_session",
    ]);
  });

  it("should treat a bare session key and its stored form as one session", () => {
    expect(selectPendingPrompts(state, { sessionKey: "agent:main:main" })).toBe(
      selectPendingPrompts(state, { sessionKey: "agent:main:main" }),
    );
    expect(selectPendingPrompts(state, { sessionKey: "agent:main:main" })).toHaveLength(3);
  });

  it("should match the agent when the scope names one", () => {
    expect(
      selectPendingPrompts(state, { sessionKey: "main", agentId: "b" }).map((entry) => entry.id),
    ).toEqual(["agent_b"]);
  });

  it("should make the oldest waiting prompt active until the user chooses another", () => {
    expect(selectActivePromptId(state, MAIN)).toBe("older");
    const chosen = apply(state, {
      type: "active-prompt-set",
      scopeKey: scopeKey(MAIN),
      promptId: "no_session",
    });
    expect(selectActivePromptId(chosen, MAIN)).toBe("no_session");
    expect(selectRequestPosition(chosen, MAIN)).toEqual({ index: 2, total: 3 });
  });

  it("should keep the shown prompt when a newer one arrives", () => {
    const arrived = apply(state, request("newest", START_MS + 9));
    expect(selectActivePromptId(arrived, MAIN)).toBe("older");
    expect(selectRequestPosition(arrived, MAIN)).toEqual({ index: 0, total: 4 });
  });

  it("should fall back to the oldest waiting prompt when the chosen one ends", () => {
    const ended = apply(
      state,
      { type: "active-prompt-set", scopeKey: scopeKey(MAIN), promptId: "no_session" },
      {
        type: "question-resolved",
        event: { id: "no_session", status: "cancelled" },
        atMs: START_MS,
      },
    );
    expect(selectActivePromptId(ended, MAIN)).toBe("older");
  });

  it("should count every waiting prompt for the title badge", () => {
    expect(selectWaitingCount(state)).toBe(5);
  });

  it("should return the same list while the prompts do not change", () => {
    const ticked = apply(state, { type: "clock-ticked", nowMs: START_MS + 1_000 });
    expect(selectPendingPrompts(ticked, MAIN)).toBe(selectPendingPrompts(state, MAIN));
  });
});

describe("given ended prompts", () => {
  const state = apply(
    emptyState(),
    request("answered", START_MS + 1),
    request("gone", START_MS + 2),
    request("waiting", START_MS + 3),
    {
      type: "question-resolved",
      event: {
        id: "answered",
        status: "answered",
        answers: { answers: { target: ["Production"], checks: ["Lint"] } },
      },
      atMs: START_MS + 10,
    },
    { type: "hydration-started", connectionId: 1, attempt: 1 },
    {
      type: "hydration-fetched",
      connectionId: 1,
      id: "gone",
      outcome: { kind: "not-found" },
      atMs: START_MS + 20,
    },
  );

  it("should list them, unavailable ones included, with runId and createdAtMs for placement", () => {
    const items = selectTimelineItems(state, MAIN);
    expect(
      items.map((item) => [item.promptId, item.entry.status, item.runId, item.createdAtMs]),
    ).toEqual([
      ["answered", "answered", "run-1", START_MS + 1],
      ["gone", "unavailable", "run-1", START_MS + 2],
    ]);
  });

  it("should keep them however much time passes", () => {
    const later = apply(state, { type: "clock-ticked", nowMs: START_MS + 86_400_000 });
    expect(selectTimelineItems(later, MAIN).map((item) => item.promptId)).toEqual([
      "answered",
      "gone",
      "waiting",
    ]);
  });

  it("should keep each item's identity while its prompt is unchanged", () => {
    const next = apply(state, {
      type: "question-resolved",
      event: { id: "waiting", status: "expired" },
      atMs: START_MS + 30,
    });
    expect(selectTimelineItems(next, MAIN)[0]).toBe(selectTimelineItems(state, MAIN)[0]);
  });
});

describe("given a prompt with two questions", () => {
  const base = apply(emptyState(), request("q1", START_MS));

  it("should report the step progress and allow Next only once the step is answered", () => {
    expect(selectStepProgress(base, "q1")).toEqual({
      step: 0,
      total: 2,
      isFirst: true,
      isLast: false,
    });
    expect(selectCanAdvance(base, "q1")).toBe(false);
    const answered = apply(base, {
      type: "option-chosen",
      promptId: "q1",
      questionId: "target",
      label: "Production",
    });
    expect(selectCanAdvance(answered, "q1")).toBe(true);
    expect(selectCanSubmit(answered, "q1")).toBe(false);
    const complete = apply(answered, {
      type: "other-text-set",
      promptId: "q1",
      questionId: "checks",
      text: "Fuzz",
    });
    expect(selectCanSubmit(complete, "q1")).toBe(true);
  });

  it("should mark the shown question current, answered ones complete and the rest upcoming", () => {
    expect(selectStepStates(base, "q1")).toEqual(["current", "upcoming"]);
    const answeredFirst = apply(base, {
      type: "option-chosen",
      promptId: "q1",
      questionId: "target",
      label: "Production",
    });
    expect(selectStepStates(answeredFirst, "q1")).toEqual(["current", "upcoming"]);
    const onSecond = apply(answeredFirst, { type: "step-set", promptId: "q1", step: 1 });
    expect(selectStepStates(onSecond, "q1")).toEqual(["complete", "current"]);
    const backWithoutFirst = apply(
      onSecond,
      { type: "other-text-set", promptId: "q1", questionId: "checks", text: "Fuzz" },
      { type: "step-set", promptId: "q1", step: 0 },
    );
    expect(selectStepStates(backWithoutFirst, "q1")).toEqual(["current", "complete"]);
    expect(selectStepStates(base, "missing")).toEqual([]);
  });

  it("should give the time left on the gateway clock", () => {
    const skewed = apply(
      base,
      { type: "connection-changed", connection: { status: "idle" }, clockOffsetMs: 5_000 },
      { type: "clock-ticked", nowMs: START_MS + 100_000 },
    );
    expect(selectTimeLeftMs(skewed, "q1")).toBe(900_000 - 105_000);
  });

  it("should never show more than the whole timeout when the clock offset runs ahead", () => {
    const justArrived = apply(
      base,
      { type: "connection-changed", connection: { status: "idle" }, clockOffsetMs: -1_500 },
      { type: "clock-ticked", nowMs: START_MS },
    );
    expect(selectTimeLeftMs(justArrived, "q1")).toBe(900_000);
  });

  it("should never show a negative time left past the deadline", () => {
    const late = apply(base, {
      type: "connection-changed",
      connection: { status: "idle" },
      clockOffsetMs: 1_000_000,
    });
    expect(selectTimeLeftMs(late, "q1")).toBe(0);
  });

  it("should remember a collapsed panel per session", () => {
    const collapsed = apply(base, {
      type: "expanded-set",
      scopeKey: scopeKey(MAIN),
      expanded: false,
    });
    expect(selectIsExpanded(base, MAIN)).toBe(true);
    expect(selectIsExpanded(collapsed, MAIN)).toBe(false);
    expect(selectIsExpanded(collapsed, { sessionKey: "other" })).toBe(true);
  });
});
