import { describe, expect, it } from "vitest";
import type { QuestionAction } from "../../src/store/actions";
import { reduceQuestionBatch, reduceQuestions } from "../../src/store/reducer";
import type { QuestionStoreState } from "../../src/store/types";
import { deepFreeze, emptyState, makeRecord, START_MS } from "./support/records";

const requested = (record: unknown): QuestionAction => ({
  type: "question-requested",
  record,
  atMs: START_MS,
});
const resolved = (event: unknown, atMs = START_MS + 5): QuestionAction => ({
  type: "question-resolved",
  event,
  atMs,
});
const ANSWERS = { answers: { target: ["Production"], checks: ["Tests"] } };

function reduceAll(actions: QuestionAction[], state: QuestionStoreState = emptyState()) {
  return actions.reduce((current, action) => reduceQuestions(current, action), state);
}

describe("given a question.requested event", () => {
  it("should add one pending prompt, once, however often the event repeats", () => {
    const state = reduceAll([requested(makeRecord()), requested(makeRecord())]);
    expect(state.order).toEqual(["q1"]);
    expect(state.prompts.get("q1")?.status).toBe("pending");
  });

  it("should never mutate the state it was given", () => {
    const before = deepFreeze(reduceAll([requested(makeRecord({ id: "q0" }))]));
    const after = reduceQuestions(before, requested(makeRecord()));
    expect([...before.prompts.keys()]).toEqual(["q0"]);
    expect(after.order).toEqual(["q0", "q1"]);
  });

  it("should drop a malformed record with a diagnostic and keep working", () => {
    const state = reduceAll([requested({ id: "bad", questions: "nope" }), requested(makeRecord())]);
    expect(state.prompts.get("bad")).toBeUndefined();
    expect(state.diagnostics).toHaveLength(1);
    expect(state.diagnostics[0]).toContain("'bad'");
    expect(state.prompts.get("q1")?.status).toBe("pending");
  });

  it("should be ignored for a prompt that already ended", () => {
    const state = reduceAll([
      requested(makeRecord()),
      resolved({ id: "q1", status: "cancelled" }),
      requested(makeRecord()),
    ]);
    expect(state.prompts.get("q1")?.status).toBe("cancelled");
  });
});

describe("given a question.resolved event", () => {
  it("should keep a resolution that arrives before its record and apply it when the record comes", () => {
    const early = reduceAll([resolved({ id: "q1", status: "answered", answers: ANSWERS })]);
    expect(early.prompts.get("q1")).toBeUndefined();
    const state = reduceQuestions(early, requested(makeRecord()));
    expect(state.prompts.get("q1")?.status).toBe("answered");
    expect(state.prompts.get("q1")?.answers).toEqual(ANSWERS);
    expect(state.prompts.get("q1")?.answeredElsewhere).toBe(true);
    expect(state.orphanResolutions.size).toBe(0);
  });

  it("should call a resolution ours when it carries the answers this client sent", () => {
    const state = reduceAll([
      requested(makeRecord()),
      {
        type: "submit-started",
        promptId: "q1",
        action: { kind: "resolve", answers: ANSWERS },
        queued: false,
      },
      resolved({ id: "q1", status: "answered", answers: ANSWERS }),
    ]);
    expect(state.prompts.get("q1")).toMatchObject({
      status: "answered",
      answeredElsewhere: false,
      unsentAnswers: null,
    });
  });

  it("should report someone else's answer and keep ours visible as unsent", () => {
    const theirs = { answers: { target: ["Staging (Recommended)"], checks: ["Lint"] } };
    const state = reduceAll([
      requested(makeRecord()),
      {
        type: "submit-started",
        promptId: "q1",
        action: { kind: "resolve", answers: ANSWERS },
        queued: false,
      },
      resolved({ id: "q1", status: "answered", answers: theirs }),
    ]);
    expect(state.prompts.get("q1")).toMatchObject({
      status: "answered",
      answeredElsewhere: true,
      answers: theirs,
      unsentAnswers: ANSWERS,
    });
  });

  it("should ignore a duplicate resolution", () => {
    const once = reduceAll([
      requested(makeRecord()),
      resolved({ id: "q1", status: "expired" }, START_MS + 5),
    ]);
    const twice = reduceQuestions(once, resolved({ id: "q1", status: "cancelled" }, START_MS + 9));
    expect(twice.prompts.get("q1")).toBe(once.prompts.get("q1"));
  });

  it("should drop a malformed payload with a diagnostic", () => {
    const state = reduceAll([requested(makeRecord()), resolved({ id: "q1", status: "done" })]);
    expect(state.prompts.get("q1")?.status).toBe("pending");
    expect(state.diagnostics[0]).toContain("question.resolved");
  });
});

describe("given the local clock runs behind the gateway clock", () => {
  const offsetMs = 60_000;
  const connected: QuestionAction = {
    type: "connection-changed",
    connection: { status: "idle" },
    clockOffsetMs: offsetMs,
  };
  const record = makeRecord({ expiresAtMs: START_MS + 30_000 });

  it("should expire a prompt when the gateway clock passes expiresAtMs, keeping the typed draft", () => {
    const base = reduceAll([
      connected,
      requested(record),
      { type: "other-text-set", promptId: "q1", questionId: "target", text: "Canary" },
    ]);
    const early = reduceQuestions(base, {
      type: "clock-ticked",
      nowMs: START_MS + 30_000 - offsetMs - 1,
    });
    expect(early.prompts.get("q1")?.status).toBe("pending");
    const late = reduceQuestions(base, {
      type: "clock-ticked",
      nowMs: START_MS + 30_000 - offsetMs,
    });
    expect(late.prompts.get("q1")?.status).toBe("expired");
    expect(late.prompts.get("q1")?.unsentAnswers).toEqual({ answers: { target: ["Canary"] } });
  });

  it("should never expire a prompt whose submit is in flight", () => {
    const state = reduceAll([
      connected,
      requested(record),
      { type: "submit-started", promptId: "q1", action: { kind: "cancel" }, queued: false },
      { type: "clock-ticked", nowMs: START_MS + 30_000 },
    ]);
    expect(state.prompts.get("q1")?.status).toBe("submitting");
  });
});

describe("given a hydration", () => {
  const started = (connectionId: number): QuestionAction => ({
    type: "hydration-started",
    connectionId,
    attempt: 1,
  });

  it("should discard results of an older connection", () => {
    const state = reduceAll([
      started(1),
      started(2),
      { type: "hydration-listed", connectionId: 1, records: [makeRecord()], atMs: START_MS },
    ]);
    expect(state.prompts.get("q1")).toBeUndefined();
  });

  it("should mark a prompt the gateway no longer knows as unavailable, keeping the unsent answer", () => {
    const state = reduceAll([
      requested(makeRecord()),
      {
        type: "submit-started",
        promptId: "q1",
        action: { kind: "resolve", answers: ANSWERS },
        queued: true,
      },
      started(3),
      { type: "hydration-listed", connectionId: 3, records: [], atMs: START_MS },
      {
        type: "hydration-fetched",
        connectionId: 3,
        id: "q1",
        outcome: { kind: "not-found" },
        atMs: START_MS + 7,
      },
    ]);
    expect(state.prompts.get("q1")).toMatchObject({
      status: "unavailable",
      unsentAnswers: ANSWERS,
      sent: null,
      outcomeAtMs: START_MS + 7,
    });
  });

  it("should forget restored drafts whose prompt the gateway no longer has", () => {
    const state = reduceAll(
      [
        started(1),
        { type: "hydration-listed", connectionId: 1, records: [], atMs: START_MS },
        { type: "hydration-finished", connectionId: 1 },
      ],
      { ...emptyState(), drafts: new Map([["gone", { questions: new Map(), step: 0 }]]) },
    );
    expect(state.drafts.size).toBe(0);
    expect(state.hydration.status).toBe("done");
  });
});

describe("given a submit", () => {
  const start: QuestionAction = {
    type: "submit-started",
    promptId: "q1",
    action: { kind: "cancel" },
    queued: false,
  };

  it("should lock the prompt: a second start while in flight changes nothing", () => {
    const once = reduceAll([requested(makeRecord()), start]);
    expect(
      reduceQuestions(once, { ...start, action: { kind: "resolve", answers: ANSWERS } }),
    ).toStrictEqual(once);
  });

  it("should return to pending with the error when the gateway rejects it", () => {
    const error = {
      questionId: null,
      code: "INVALID_REQUEST",
      reason: "QUESTION_INVALID_ANSWER",
      message: "no",
    };
    const state = reduceAll([
      requested(makeRecord()),
      start,
      { type: "submit-rejected", promptId: "q1", error },
    ]);
    expect(state.prompts.get("q1")).toMatchObject({ status: "pending", sent: null, error });
  });
});

describe("given a batch of actions", () => {
  it("should end in the same state as applying them one by one", () => {
    const actions: QuestionAction[] = [
      requested(makeRecord()),
      requested(makeRecord({ id: "q2" })),
      resolved({ id: "q2", status: "cancelled" }),
      resolved({ id: "q3", status: "expired" }),
    ];
    expect(reduceQuestionBatch(emptyState(), actions)).toStrictEqual(reduceAll(actions));
  });
});
