import {
  DEPLOY_QUESTION,
  NAME_QUESTION,
  outcome,
  payloadOf,
  requestQuestion,
  type Scenario,
  STRICT_QUESTION,
  settleEvents,
} from "./harness";

const ONE_MINUTE_MS = 60_000;
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

async function rejectedRequest(
  connect: () => Promise<import("../raw-client").RawConnection>,
  params: Record<string, unknown>,
) {
  const connection = await connect();
  return outcome(await connection.request("question.request", params));
}

/** question.request: creation, defaults, ids and validation. */
export const requestScenarios: Scenario[] = [
  {
    name: "request creates a pending record and broadcasts question.requested",
    expected: {
      response: { ok: true },
      lifetimeMs: ONE_MINUTE_MS,
      status: "pending",
      events: ["question.requested:pending"],
    },
    run: async ({ connect, newId }) => {
      const watcher = await connect();
      const asker = await connect();
      const id = newId();
      const created = await requestQuestion(asker, {
        id,
        questions: [DEPLOY_QUESTION],
        timeoutMs: ONE_MINUTE_MS,
      });
      const record = payloadOf(await asker.request("question.get", { id })).question as Record<
        string,
        number
      >;
      return {
        response: { ok: created.id === id },
        lifetimeMs: Number(record.expiresAtMs) - Number(record.createdAtMs),
        status: record.status,
        events: await settleEvents(watcher, id, 1),
      };
    },
  },
  {
    name: "request without id gets a uuid and the default 900000 ms timeout",
    expected: { idShape: "uuid", lifetimeMs: 900_000 },
    run: async ({ connect }) => {
      const asker = await connect();
      const created = await requestQuestion(asker, { questions: [STRICT_QUESTION] });
      const record = payloadOf(await asker.request("question.get", { id: created.id }))
        .question as Record<string, number>;
      await asker.request("question.resolve", { id: created.id, cancel: true });
      return {
        idShape: UUID_PATTERN.test(created.id) ? "uuid" : created.id,
        lifetimeMs: Number(record.expiresAtMs) - Number(record.createdAtMs),
      };
    },
  },
  {
    name: "request with an id already in use fails with QUESTION_ID_IN_USE",
    expected: {
      ok: false,
      code: "INVALID_REQUEST",
      reason: "QUESTION_ID_IN_USE",
      detailCode: null,
    },
    run: async ({ connect, newId }) => {
      const asker = await connect();
      const id = newId();
      await requestQuestion(asker, { id, questions: [DEPLOY_QUESTION] });
      return outcome(await asker.request("question.request", { id, questions: [DEPLOY_QUESTION] }));
    },
  },
  {
    name: "request with an unknown property is a schema failure without reason",
    expected: { ok: false, code: "INVALID_REQUEST", reason: null, detailCode: null },
    run: ({ connect }) =>
      rejectedRequest(connect, { questions: [DEPLOY_QUESTION], priority: "high" }),
  },
  {
    name: "request with a header over 12 characters is rejected",
    expected: { ok: false, code: "INVALID_REQUEST", reason: null, detailCode: null },
    run: ({ connect }) =>
      rejectedRequest(connect, { questions: [{ ...DEPLOY_QUESTION, header: "Deployment tgt" }] }),
  },
  {
    name: "request with exactly one option is rejected",
    expected: { ok: false, code: "INVALID_REQUEST", reason: null, detailCode: null },
    run: ({ connect }) =>
      rejectedRequest(connect, {
        questions: [{ ...DEPLOY_QUESTION, options: [{ label: "Only" }] }],
      }),
  },
  {
    name: "request with labels equal after trim and lower-case is rejected",
    expected: { ok: false, code: "INVALID_REQUEST", reason: null, detailCode: null },
    run: ({ connect }) =>
      rejectedRequest(connect, {
        questions: [{ ...DEPLOY_QUESTION, options: [{ label: "Prod" }, { label: " prod" }] }],
      }),
  },
  {
    name: "request with four questions or a bad questionId is rejected",
    expected: {
      four: { ok: false, code: "INVALID_REQUEST", reason: null, detailCode: null },
      badId: { ok: false, code: "INVALID_REQUEST", reason: null, detailCode: null },
    },
    run: async ({ connect }) => ({
      four: await rejectedRequest(connect, {
        questions: ["a", "b", "c", "d"].map((questionId) => ({ ...STRICT_QUESTION, questionId })),
      }),
      badId: await rejectedRequest(connect, {
        questions: [{ ...STRICT_QUESTION, questionId: "Mode" }],
      }),
    }),
  },
  {
    name: "request with a non-http url or timeoutMs 0 is rejected",
    expected: {
      url: { ok: false, code: "INVALID_REQUEST", reason: null, detailCode: null },
      timeout: { ok: false, code: "INVALID_REQUEST", reason: null, detailCode: null },
    },
    run: async ({ connect }) => ({
      url: await rejectedRequest(connect, {
        questions: [{ ...DEPLOY_QUESTION, url: "ftp://example.com/x" }],
      }),
      timeout: await rejectedRequest(connect, { questions: [DEPLOY_QUESTION], timeoutMs: 0 }),
    }),
  },
  {
    name: "request accepts a free-text-only question and keeps agentId and runId",
    expected: { ok: true, agentId: "Builder", runId: "run-7", options: 0 },
    run: async ({ connect, newId }) => {
      const asker = await connect();
      const id = newId();
      await requestQuestion(asker, {
        id,
        questions: [NAME_QUESTION],
        agentId: "Builder",
        runId: "run-7",
      });
      const record = payloadOf(await asker.request("question.get", { id })).question as {
        agentId?: string;
        runId?: string;
        questions: Array<{ options: unknown[] }>;
      };
      return {
        ok: true,
        agentId: record.agentId,
        runId: record.runId,
        options: record.questions[0]?.options.length,
      };
    },
  },
  {
    name: "request scopes a bare sessionKey to the main agent and lower-cases it",
    expected: {
      bare: { agentId: "main", sessionKey: "agent:main:release" },
      upper: { agentId: "main", sessionKey: "agent:main:main" },
      unknownAgent: { ok: false, code: "INVALID_REQUEST", reason: null, detailCode: null },
    },
    run: async ({ connect, newId }) => {
      const asker = await connect();
      const read = async (sessionKey: string) => {
        const id = newId();
        await requestQuestion(asker, { id, questions: [STRICT_QUESTION], sessionKey });
        const record = payloadOf(await asker.request("question.get", { id })).question as Record<
          string,
          unknown
        >;
        return { agentId: record.agentId, sessionKey: record.sessionKey };
      };
      return {
        bare: await read("Release"),
        upper: await read("Agent:Main:Main"),
        unknownAgent: outcome(
          await asker.request("question.request", {
            questions: [STRICT_QUESTION],
            sessionKey: "x",
            agentId: "ops",
          }),
        ),
      };
    },
  },
];
