import type { RawConnection } from "../raw-client";
import {
  CHECKS_QUESTION,
  DEPLOY_QUESTION,
  NAME_QUESTION,
  type Observation,
  outcome,
  payloadOf,
  requestQuestion,
  type Scenario,
  type ScenarioContext,
  STRICT_QUESTION,
  settleEvents,
} from "./harness";

const INVALID_ANSWER = {
  ok: false,
  code: "INVALID_REQUEST",
  reason: "QUESTION_INVALID_ANSWER",
  detailCode: null,
};
const ALREADY_TERMINAL = {
  ok: false,
  code: "INVALID_REQUEST",
  reason: "QUESTION_ALREADY_TERMINAL",
  detailCode: null,
};
const NOT_FOUND = {
  ok: false,
  code: "INVALID_REQUEST",
  reason: "QUESTION_NOT_FOUND",
  detailCode: null,
};

/** Asks `questions`, submits `answers`, and observes the result, the stored status and the events. */
async function answer(
  context: ScenarioContext,
  questions: unknown[],
  answers: Record<string, string[]>,
): Promise<Observation> {
  const watcher = await context.connect();
  const asker = await context.connect();
  const id = context.newId();
  await requestQuestion(asker, { id, questions });
  const response = await asker.request("question.resolve", { id, answers: { answers } });
  const record = payloadOf(await asker.request("question.get", { id })).question as {
    status: string;
  };
  const result = response.ok ? (response.payload as { status: string; answers?: unknown }) : null;
  return {
    ...outcome(response),
    ...(result === null ? {} : { result }),
    stored: record.status,
    events: await settleEvents(watcher, id, response.ok ? 2 : 1),
  };
}

function answered(answers: Record<string, string[]>): Observation {
  return {
    ok: true,
    result: { status: "answered", answers: { answers } },
    stored: "answered",
    events: ["question.requested:pending", "question.resolved:answered"],
  };
}

function rejected(): Observation {
  return { ...INVALID_ANSWER, stored: "pending", events: ["question.requested:pending"] };
}

async function terminalThenAgain(
  context: ScenarioContext,
  first: (asker: RawConnection, id: string) => Promise<unknown>,
  second: Record<string, unknown>,
): Promise<Observation> {
  const asker = await context.connect();
  const id = context.newId();
  await requestQuestion(asker, { id, questions: [DEPLOY_QUESTION] });
  await first(asker, id);
  return outcome(await asker.request("question.resolve", { id, ...second }));
}

/** question.resolve: canonicalization and every answer error. */
export const resolveScenarios: Scenario[] = [
  {
    name: "resolve with an exact option label answers the question",
    expected: answered({ target: ["Staging"] }),
    run: (context) => answer(context, [DEPLOY_QUESTION], { target: ["Staging"] }),
  },
  {
    name: "resolve trims values and maps a trimmed label to the option label",
    expected: answered({ target: ["Staging"] }),
    run: (context) => answer(context, [DEPLOY_QUESTION], { target: ["   Staging  "] }),
  },
  {
    name: "resolve label match is case-sensitive: another case is free text when isOther",
    expected: answered({ target: ["staging"] }),
    run: (context) => answer(context, [DEPLOY_QUESTION], { target: ["staging"] }),
  },
  {
    name: "resolve with another case and no isOther is an unknown option",
    expected: rejected(),
    run: (context) => answer(context, [STRICT_QUESTION], { mode: ["fast"] }),
  },
  {
    name: "resolve with free text is allowed only when isOther",
    expected: { withOther: answered({ target: ["Canary 5%"] }), without: rejected() },
    run: async (context) => ({
      withOther: await answer(context, [DEPLOY_QUESTION], { target: [" Canary 5% "] }),
      without: await answer(context, [STRICT_QUESTION], { mode: ["Turbo"] }),
    }),
  },
  {
    name: "resolve with two values on a single-select question fails",
    expected: rejected(),
    run: (context) =>
      answer(context, [DEPLOY_QUESTION], { target: ["Staging", "Production (Recommended)"] }),
  },
  {
    name: "resolve with several values on a multi-select question keeps their order",
    expected: answered({ checks: ["Unit", "Lint"] }),
    run: (context) => answer(context, [CHECKS_QUESTION], { checks: ["Unit", " Lint"] }),
  },
  {
    name: "resolve with an empty answer array or a blank value fails",
    expected: { empty: rejected(), blank: rejected() },
    run: async (context) => ({
      empty: await answer(context, [DEPLOY_QUESTION], { target: [] }),
      blank: await answer(context, [DEPLOY_QUESTION], { target: ["   "] }),
    }),
  },
  {
    name: "resolve with an unknown question id or a missing question fails",
    expected: { unknown: rejected(), missing: rejected() },
    run: async (context) => ({
      unknown: await answer(context, [DEPLOY_QUESTION], { target: ["Staging"], other: ["x"] }),
      missing: await answer(context, [DEPLOY_QUESTION, NAME_QUESTION], { target: ["Staging"] }),
    }),
  },
  {
    name: "resolve of a free-text-only question takes the trimmed text",
    expected: answered({ name: ["Spring release"] }),
    run: (context) => answer(context, [NAME_QUESTION], { name: ["  Spring release "] }),
  },
  {
    name: "resolve with cancel marks the question cancelled",
    expected: {
      ok: true,
      result: { status: "cancelled" },
      stored: "cancelled",
      resolvedBy: "operator-1",
      events: ["question.requested:pending", "question.resolved:cancelled"],
    },
    run: async (context) => {
      const watcher = await context.connect();
      const asker = await context.connect();
      const id = context.newId();
      await requestQuestion(asker, { id, questions: [DEPLOY_QUESTION] });
      const response = await asker.request("question.resolve", {
        id,
        cancel: true,
        resolvedBy: "operator-1",
      });
      const record = payloadOf(await asker.request("question.get", { id })).question as Record<
        string,
        unknown
      >;
      return {
        ...outcome(response),
        result: response.ok ? response.payload : null,
        stored: record.status,
        resolvedBy: record.resolvedBy,
        events: await settleEvents(watcher, id, 2),
      };
    },
  },
  {
    name: "a second resolve of any kind fails with QUESTION_ALREADY_TERMINAL",
    expected: {
      again: ALREADY_TERMINAL,
      cancelAfterAnswer: ALREADY_TERMINAL,
      answerAfterCancel: ALREADY_TERMINAL,
    },
    run: async (context) => {
      const answers = { answers: { target: ["Staging"] } };
      const resolveOnce = (asker: RawConnection, id: string) =>
        asker.request("question.resolve", { id, answers, resolutionId: "r-1" });
      const cancelOnce = (asker: RawConnection, id: string) =>
        asker.request("question.resolve", { id, cancel: true });
      return {
        again: await terminalThenAgain(context, resolveOnce, { answers, resolutionId: "r-1" }),
        cancelAfterAnswer: await terminalThenAgain(context, resolveOnce, { cancel: true }),
        answerAfterCancel: await terminalThenAgain(context, cancelOnce, { answers }),
      };
    },
  },
  {
    name: "resolve, get and waitAnswer of an unknown id fail with QUESTION_NOT_FOUND",
    expected: { resolve: NOT_FOUND, get: NOT_FOUND, wait: NOT_FOUND },
    run: async ({ connect, newId }) => {
      const asker = await connect();
      const id = newId();
      return {
        resolve: outcome(
          await asker.request("question.resolve", { id, answers: { answers: { target: ["x"] } } }),
        ),
        get: outcome(await asker.request("question.get", { id })),
        wait: outcome(await asker.request("question.waitAnswer", { id, timeoutMs: 100 })),
      };
    },
  },
  {
    name: "resolve with both answers and cancel is a schema failure",
    expected: { ok: false, code: "INVALID_REQUEST", reason: null, detailCode: null },
    run: async ({ connect, newId }) => {
      const asker = await connect();
      const id = newId();
      await requestQuestion(asker, { id, questions: [DEPLOY_QUESTION] });
      return outcome(
        await asker.request("question.resolve", {
          id,
          cancel: true,
          answers: { answers: { target: ["Staging"] } },
        }),
      );
    },
  },
];
