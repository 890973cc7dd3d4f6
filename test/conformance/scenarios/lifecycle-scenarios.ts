import { createFaultProxy } from "../peers";
import { rawConnect } from "../raw-client";
import {
  DEPLOY_QUESTION,
  outcome,
  payloadOf,
  requestQuestion,
  type Scenario,
  STRICT_QUESTION,
  settleEvents,
  sleep,
} from "./harness";

const SHORT_TIMEOUT_MS = 1_000;
const TOMBSTONE_WAIT_MS = 16_500;
const WAIT_TIMEOUT_MS = 300;
const NOT_FOUND = {
  ok: false,
  code: "INVALID_REQUEST",
  reason: "QUESTION_NOT_FOUND",
  detailCode: null,
};

/** Lifecycle: list, waitAnswer, expiry, tombstones, lost responses. */
export const lifecycleScenarios: Scenario[] = [
  {
    name: "list returns pending records only, sorted by createdAtMs then id",
    expected: { order: ["first", "third"] },
    run: async ({ connect, newId }) => {
      const asker = await connect();
      const ids = [newId(), newId(), newId()];
      const names = new Map([
        [ids[0], "first"],
        [ids[1], "second"],
        [ids[2], "third"],
      ]);
      for (const id of ids) {
        await requestQuestion(asker, { id, questions: [STRICT_QUESTION] });
        await sleep(5);
      }
      await asker.request("question.resolve", { id: ids[1], cancel: true });
      const listed = payloadOf(await asker.request("question.list", {})).questions as Array<{
        id: string;
      }>;
      return {
        order: listed
          .filter((record) => names.has(record.id))
          .map((record) => names.get(record.id)),
      };
    },
  },
  {
    name: "list is sorted by id when createdAtMs ties and every entry is pending",
    expected: { sorted: true, allPending: true },
    run: async ({ connect, newId }) => {
      const asker = await connect();
      await Promise.all(
        [newId(), newId(), newId()].map((id) =>
          requestQuestion(asker, { id, questions: [STRICT_QUESTION] }),
        ),
      );
      const listed = payloadOf(await asker.request("question.list", {})).questions as Array<{
        id: string;
        createdAtMs: number;
        status: string;
      }>;
      const sorted = listed.every((record, index) => {
        const previous = listed[index - 1];
        if (previous === undefined) return true;
        return (
          previous.createdAtMs < record.createdAtMs ||
          (previous.createdAtMs === record.createdAtMs && previous.id.localeCompare(record.id) < 0)
        );
      });
      return { sorted, allPending: listed.every((record) => record.status === "pending") };
    },
  },
  {
    name: "list with any property is INVALID_REQUEST",
    expected: { ok: false, code: "INVALID_REQUEST", reason: null, detailCode: null },
    run: async ({ connect }) =>
      outcome(await (await connect()).request("question.list", { status: "pending" })),
  },
  {
    name: "waitAnswer returns pending when its own timeout passes first",
    expected: { status: "pending" },
    run: async ({ connect, newId }) => {
      const asker = await connect();
      const id = newId();
      await requestQuestion(asker, { id, questions: [DEPLOY_QUESTION] });
      return payloadOf(
        await asker.request("question.waitAnswer", { id, timeoutMs: WAIT_TIMEOUT_MS }),
      );
    },
  },
  {
    name: "waitAnswer returns the canonical answers once another client resolves",
    expected: { status: "answered", answers: { answers: { target: ["Staging"] } } },
    run: async ({ connect, newId }) => {
      const asker = await connect();
      const answerer = await connect();
      const id = newId();
      await requestQuestion(asker, { id, questions: [DEPLOY_QUESTION] });
      const waiting = asker.request("question.waitAnswer", { id, timeoutMs: 10_000 });
      await sleep(100);
      await answerer.request("question.resolve", {
        id,
        answers: { answers: { target: [" Staging"] } },
      });
      return payloadOf(await waiting);
    },
  },
  {
    name: "waitAnswer returns cancelled, also when called after the cancel",
    expected: { during: { status: "cancelled" }, after: { status: "cancelled" } },
    run: async ({ connect, newId }) => {
      const asker = await connect();
      const id = newId();
      await requestQuestion(asker, { id, questions: [DEPLOY_QUESTION] });
      const waiting = asker.request("question.waitAnswer", { id });
      await sleep(100);
      await asker.request("question.resolve", { id, cancel: true });
      return {
        during: payloadOf(await waiting),
        after: payloadOf(await asker.request("question.waitAnswer", { id })),
      };
    },
  },
  {
    name: "a short timeout expires the question: event, waitAnswer and get agree",
    expected: {
      wait: { status: "expired" },
      stored: "expired",
      listed: false,
      events: ["question.requested:pending", "question.resolved:expired"],
      resolveAfter: {
        ok: false,
        code: "INVALID_REQUEST",
        reason: "QUESTION_ALREADY_TERMINAL",
        detailCode: null,
      },
    },
    run: async ({ connect, newId }) => {
      const watcher = await connect();
      const asker = await connect();
      const id = newId();
      await requestQuestion(asker, {
        id,
        questions: [DEPLOY_QUESTION],
        timeoutMs: SHORT_TIMEOUT_MS,
      });
      const wait = payloadOf(await asker.request("question.waitAnswer", { id, timeoutMs: 10_000 }));
      const events = await settleEvents(watcher, id, 2);
      const record = payloadOf(await asker.request("question.get", { id })).question as {
        status: string;
      };
      const listed = (
        payloadOf(await asker.request("question.list", {})).questions as Array<{ id: string }>
      ).some((entry) => entry.id === id);
      const resolveAfter = outcome(
        await asker.request("question.resolve", {
          id,
          answers: { answers: { target: ["Staging"] } },
        }),
      );
      return { wait, stored: record.status, listed, events, resolveAfter };
    },
  },
  {
    name: "a terminal record stays readable, then is QUESTION_NOT_FOUND after 15 s and its id is free",
    slow: true,
    expected: {
      early: { status: "answered", resolvedBy: "kit" },
      inUse: { ok: false, code: "INVALID_REQUEST", reason: "QUESTION_ID_IN_USE", detailCode: null },
      late: NOT_FOUND,
      lateWait: NOT_FOUND,
      reuse: { ok: true },
    },
    run: async ({ connect, newId }) => {
      const asker = await connect();
      const id = newId();
      await requestQuestion(asker, { id, questions: [DEPLOY_QUESTION] });
      await asker.request("question.resolve", {
        id,
        answers: { answers: { target: ["Staging"] } },
        resolvedBy: "kit",
      });
      const early = payloadOf(await asker.request("question.get", { id })).question as Record<
        string,
        unknown
      >;
      const inUse = outcome(
        await asker.request("question.request", { id, questions: [DEPLOY_QUESTION] }),
      );
      await sleep(TOMBSTONE_WAIT_MS);
      const late = outcome(await asker.request("question.get", { id }));
      const lateWait = outcome(await asker.request("question.waitAnswer", { id }));
      const reuse = outcome(
        await asker.request("question.request", { id, questions: [DEPLOY_QUESTION] }),
      );
      return {
        early: { status: early.status, resolvedBy: early.resolvedBy },
        inUse,
        late,
        lateWait,
        reuse,
      };
    },
  },
  {
    name: "after a lost resolve response, question.get shows the answer that won",
    expected: {
      lost: "no response",
      status: "answered",
      answers: { answers: { target: ["Staging"] } },
    },
    run: async ({ peer, connect, newId }) => {
      const asker = await connect();
      const id = newId();
      await requestQuestion(asker, { id, questions: [DEPLOY_QUESTION] });
      const proxy = await createFaultProxy(peer.url);
      try {
        const through = await rawConnect(proxy.url, { token: peer.token });
        proxy.dropNextResponse("question.resolve");
        const lost = await Promise.race([
          through
            .request("question.resolve", { id, answers: { answers: { target: ["Staging "] } } })
            .then(() => "response"),
          sleep(1_000).then(() => "no response"),
        ]);
        through.close();
        const record = payloadOf(await asker.request("question.get", { id })).question as Record<
          string,
          unknown
        >;
        return { lost, status: record.status, answers: record.answers };
      } finally {
        await proxy.close();
      }
    },
  },
  {
    name: "events carry a per-connection seq that increases and restarts on a new connection",
    expected: { increasing: true, freshStartsLow: true },
    run: async ({ connect, newId }) => {
      const first = await connect();
      const asker = await connect();
      const id = newId();
      await requestQuestion(asker, { id, questions: [DEPLOY_QUESTION] });
      await asker.request("question.resolve", { id, cancel: true });
      await settleEvents(first, id, 2);
      const seqs = first.events.map((event) => event.seq ?? -1);
      const second = await connect();
      const other = newId();
      await requestQuestion(asker, { id: other, questions: [DEPLOY_QUESTION] });
      await settleEvents(second, other, 1);
      const firstSeqOfSecond = second.events[0]?.seq ?? -1;
      const lastOfFirst = Math.max(...first.events.map((event) => event.seq ?? -1));
      return {
        increasing:
          seqs.length >= 2 &&
          seqs.every((seq, index) => index === 0 || seq > (seqs[index - 1] ?? 0)),
        freshStartsLow: firstSeqOfSecond >= 0 && firstSeqOfSecond <= lastOfFirst,
      };
    },
  },
];
