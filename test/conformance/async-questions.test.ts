import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  formatAsyncAnswer,
  messageMetaOf,
  parseAsyncAnswer,
  readAsyncQuestionMessage,
} from "../../src/protocol/async-questions";
import { type ScriptedModel, startScriptedModel } from "../../src/testing/scripted-model";
import { asyncQuestionReply } from "../support/async-question-plugin/reply";
import { type GatewayPeer, peerKinds, startPeer } from "./peers";
import type { RawConnection, RawEvent } from "./raw-client";
import { createContext, type Observation, outcome, payloadOf } from "./scenarios/harness";

const ASK_PROMPT = "conformance: ask me asynchronously";
const VISIBLE_TEXT = "Which database should I use?";
const DELIVERY = {
  itemId: "asyncq-conformance-1",
  questions: [
    { title: "Which database should I use?", options: ["Postgres", "SQLite"] },
    { title: "Anything else I should know?" },
  ],
};
const SCOPES = ["operator.read", "operator.write"];
/** The first turn of a real gateway takes 17-35 s on two busy cores. */
const TURN_TIMEOUT_MS = 90_000;
const START_TIMEOUT_MS = 180_000;
const SETTLE_MS = 300;

let model: ScriptedModel | null = null;
const peers: GatewayPeer[] = [];

beforeAll(async () => {
  model = await startScriptedModel([
    {
      matches: (prompt) => prompt.includes(ASK_PROMPT),
      askUser: null,
      reply: () => asyncQuestionReply(DELIVERY, VISIBLE_TEXT),
    },
  ]);
  const baseUrl = model.baseUrl;
  const started = await Promise.all(
    peerKinds().map((kind) => startPeer(kind, { model: { baseUrl }, asyncQuestions: true })),
  );
  peers.push(...started);
}, START_TIMEOUT_MS);

afterAll(async () => {
  await Promise.all(peers.map((peer) => peer.close()));
  await model?.close();
});

type Fields = Record<string, unknown>;

function sessionMessages(connection: RawConnection): Fields[] {
  return connection.events
    .filter((event: RawEvent) => event.event === "session.message")
    .map((event) => event.payload as Fields);
}

function isRunEnd(runId: string) {
  return (event: RawEvent) => {
    const payload = event.payload as Fields | undefined;
    return (
      event.event === "chat" &&
      payload?.runId === runId &&
      ["final", "error", "aborted"].includes(String(payload.state))
    );
  };
}

/** Sends a chat message and waits for its run's end (the gateway's turn on the scripted model). */
async function sendAndSettle(
  connection: RawConnection,
  params: Fields,
): Promise<{ runId: string; end: Fields }> {
  const runId = String(params.idempotencyKey ?? randomUUID());
  const response = await connection.request("chat.send", { idempotencyKey: runId, ...params });
  payloadOf(response);
  const end = await connection.waitForEvent(isRunEnd(runId), TURN_TIMEOUT_MS);
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  return { runId, end: end.payload as Fields };
}

async function historyOf(connection: RawConnection, sessionKey: string): Promise<Fields[]> {
  const payload = payloadOf(await connection.request("chat.history", { sessionKey }));
  return payload.messages as Fields[];
}

function textOf(message: unknown): string {
  const content = (message as Fields | undefined)?.content;
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content.map((part) => String((part as Fields).text ?? "")).join("");
}

/** The comparable shape of a `session.message` payload. */
function eventShape(payload: Fields): Observation {
  const meta = messageMetaOf(payload.message);
  const message = payload.message as Fields;
  const session = payload.session as Fields | undefined;
  return {
    sessionKey: payload.sessionKey,
    agentId: payload.agentId,
    role: message.role,
    messageIdIsMetaId: typeof payload.messageId === "string" && payload.messageId === meta.id,
    messageSeqIsMetaSeq: typeof payload.messageSeq === "number" && payload.messageSeq === meta.seq,
    timestamp: typeof message.timestamp,
    sessionRowKey: session?.key,
    sessionId: typeof session?.sessionId,
  };
}

/** Runs `observe` on every peer with a fresh session; compares the peers and the expectation. */
async function onEveryPeer(
  expected: Observation,
  observe: (peer: GatewayPeer, sessionKey: string) => Promise<Observation>,
): Promise<void> {
  const observations = await Promise.all(
    peers.map(async (peer): Promise<[string, Observation]> => {
      const sessionKey = `conformance-async-${randomUUID().slice(0, 8)}`;
      return [peer.kind, await observe(peer, sessionKey)];
    }),
  );
  for (const [kind, observation] of observations)
    expect(observation, `${kind} gateway`).toEqual(expected);
}

/** Connects a subscriber and a bystander, and makes the agent ask in `sessionKey`. */
async function askInSession(peer: GatewayPeer, sessionKey: string) {
  const context = createContext(peer);
  const subscriber = await context.connect({ scopes: SCOPES });
  const bystander = await context.connect({ scopes: SCOPES });
  const subscribed = await subscriber.request("sessions.messages.subscribe", { key: sessionKey });
  const { runId, end } = await sendAndSettle(subscriber, { sessionKey, message: ASK_PROMPT });
  await subscriber.waitForEvent(
    (event) =>
      event.event === "session.message" &&
      messageMetaOf((event.payload as Fields).message).runId === runId,
    TURN_TIMEOUT_MS,
  );
  return { context, subscriber, bystander, subscribed, runId, end };
}

describe("given an agent turn whose reply the async-question plugin marks, on each gateway", () => {
  it(
    "should deliver the async question in session.message to subscribers only and in chat.history",
    async () => {
      await onEveryPeer(
        {
          subscribed: { subscribed: true, key: "canonical" },
          events: ["user", "assistant"].map((role) => ({
            sessionKey: "canonical",
            agentId: "main",
            role,
            messageIdIsMetaId: true,
            messageSeqIsMetaSeq: true,
            timestamp: "number",
            sessionRowKey: "canonical",
            sessionId: "string",
          })),
          asked: { itemId: DELIVERY.itemId, questions: DELIVERY.questions, ofTheRun: true },
          visibleText: VISIBLE_TEXT,
          finalCarriesDelivery: false,
          history: [null, DELIVERY.itemId],
          historyIdsMatchEvents: true,
          bystanderEvents: 0,
        },
        async (peer, sessionKey) => {
          const asked = await askInSession(peer, sessionKey);
          try {
            const canonical = `agent:main:${sessionKey}`;
            const events = sessionMessages(asked.subscriber);
            const assistant = events.at(-1)?.message;
            const question = readAsyncQuestionMessage(assistant);
            const stored = await historyOf(asked.subscriber, sessionKey);
            const finalMessage = asked.end.message as Fields | undefined;
            const sameKey = (value: unknown) => (value === canonical ? "canonical" : value);
            return {
              subscribed: Object.fromEntries(
                Object.entries(payloadOf(asked.subscribed)).map(([key, value]) => [
                  key,
                  sameKey(value),
                ]),
              ),
              events: events.map(eventShape).map((shape) => ({
                ...shape,
                sessionKey: sameKey(shape.sessionKey),
                sessionRowKey: sameKey(shape.sessionRowKey),
              })),
              asked: {
                itemId: question?.itemId,
                questions: question?.questions,
                ofTheRun: question?.runId === asked.runId,
              },
              visibleText: textOf(assistant),
              finalCarriesDelivery:
                finalMessage !== undefined && "openclawAsyncDelivery" in finalMessage,
              history: stored.map((message) => readAsyncQuestionMessage(message)?.itemId ?? null),
              historyIdsMatchEvents:
                stored.map((message) => messageMetaOf(message).id).join() ===
                events.map((event) => event.messageId).join(),
              bystanderEvents: sessionMessages(asked.bystander).length,
            };
          } finally {
            asked.context.cleanup();
          }
        },
      );
    },
    TURN_TIMEOUT_MS * 2,
  );

  it(
    "should store an answer sent with replyToId (as the stock Control UI sends it) with __openclaw.replyToId",
    async () => {
      await onEveryPeer(
        {
          accepted: { ok: true },
          event: { role: "user", repliesToQuestion: true, preview: true },
          stored: { repliesToQuestion: true, answers: [["Postgres"], ["Use UTC timestamps"]] },
          unknownReply: { accepted: { ok: true }, replyToId: "no-such-message", preview: false },
        },
        async (peer, sessionKey) => {
          const asked = await askInSession(peer, sessionKey);
          try {
            const { subscriber } = asked;
            const question = readAsyncQuestionMessage(sessionMessages(subscriber).at(-1)?.message);
            if (question === null) throw new Error("no async question");
            const history = payloadOf(await subscriber.request("chat.history", { sessionKey }));
            const info = history.sessionInfo as Fields | undefined;
            const message = formatAsyncAnswer(question.questions, [
              ["Postgres"],
              ["Use UTC timestamps"],
            ]);
            const idempotencyKey = randomUUID();
            const accepted = await subscriber.request("chat.send", {
              sessionKey: `agent:main:${sessionKey}`,
              sessionId: String(history.sessionId),
              message,
              deliver: false,
              replyToId: question.messageId,
              expectedLeafEntryId: info?.activeLeafEntryId ?? null,
              idempotencyKey,
            });
            await subscriber.waitForEvent(isRunEnd(idempotencyKey), TURN_TIMEOUT_MS);
            const answer = sessionMessages(subscriber).find(
              (event) =>
                (event.message as Fields).role === "user" && textOf(event.message) === message,
            );
            const answerMeta = answer?.message as Fields | undefined;
            const storedAnswer = (await historyOf(subscriber, sessionKey)).find(
              (entry) => entry.role === "user" && textOf(entry) === message,
            );
            const unknown = await sendAndSettle(subscriber, {
              sessionKey,
              message: "About an older message",
              replyToId: "no-such-message",
            });
            const storedUnknown = (await historyOf(subscriber, sessionKey)).find((entry) =>
              (entry.idempotencyKey as string | undefined)?.startsWith(unknown.runId),
            );
            return {
              accepted: outcome(accepted),
              event: {
                role: answerMeta?.role,
                repliesToQuestion: messageMetaOf(answerMeta).replyToId === question.messageId,
                preview: "replyToPreview" in ((answerMeta?.__openclaw as Fields | undefined) ?? {}),
              },
              stored: {
                repliesToQuestion: messageMetaOf(storedAnswer).replyToId === question.messageId,
                answers: parseAsyncAnswer(question.questions, textOf(storedAnswer)),
              },
              unknownReply: {
                accepted: { ok: true },
                replyToId: messageMetaOf(storedUnknown).replyToId,
                preview:
                  "replyToPreview" in ((storedUnknown?.__openclaw as Fields | undefined) ?? {}),
              },
            };
          } finally {
            asked.context.cleanup();
          }
        },
      );
    },
    TURN_TIMEOUT_MS * 2,
  );

  it(
    "should repeat a run for a reused idempotencyKey, refuse other input under it, and send nothing after unsubscribe",
    async () => {
      await onEveryPeer(
        {
          repeated: "ok",
          conflict: {
            ok: false,
            code: "INVALID_REQUEST",
            reason: "chat-request-conflict",
            detailCode: null,
          },
          storedOnce: 1,
          unsubscribed: { subscribed: false, key: "canonical" },
          eventsAfterUnsubscribe: 0,
        },
        async (peer, sessionKey) => {
          const context = createContext(peer);
          try {
            const client = await context.connect({ scopes: SCOPES });
            await client.request("sessions.messages.subscribe", { key: sessionKey });
            const params = { sessionKey, message: "conformance: say something" };
            const { runId } = await sendAndSettle(client, params);
            const repeated = payloadOf(
              await client.request("chat.send", { ...params, idempotencyKey: runId }),
            );
            const conflict = await client.request("chat.send", {
              ...params,
              message: "other input",
              idempotencyKey: runId,
            });
            const stored = (await historyOf(client, sessionKey)).filter(
              (message) => message.role === "user",
            );
            const unsubscribed = payloadOf(
              await client.request("sessions.messages.unsubscribe", { key: sessionKey }),
            );
            const before = sessionMessages(client).length;
            await sendAndSettle(client, { sessionKey, message: "conformance: once more" });
            return {
              repeated: repeated.status,
              conflict: outcome(conflict),
              storedOnce: stored.length,
              unsubscribed: {
                ...unsubscribed,
                key:
                  unsubscribed.key === `agent:main:${sessionKey}` ? "canonical" : unsubscribed.key,
              },
              eventsAfterUnsubscribe: sessionMessages(client).length - before,
            };
          } finally {
            context.cleanup();
          }
        },
      );
    },
    TURN_TIMEOUT_MS * 2,
  );

  it("should refuse bad params and a caller that cannot read the same way", async () => {
    const refused = (code: string, detailCode: string | null = null) => ({
      ok: false,
      code,
      reason: null,
      detailCode,
    });
    await onEveryPeer(
      {
        subscribeWithoutKey: refused("INVALID_REQUEST"),
        subscribeBySessionKey: refused("INVALID_REQUEST"),
        unsubscribeWithoutKey: refused("INVALID_REQUEST"),
        subscribeWithoutRead: refused("FORBIDDEN", "MISSING_SCOPE"),
        historyWithoutRead: refused("FORBIDDEN", "MISSING_SCOPE"),
        historyLimitZero: refused("INVALID_REQUEST"),
        historyLimitTooHigh: refused("INVALID_REQUEST"),
        sendEmptyReplyTo: refused("INVALID_REQUEST"),
        sendReplyToNumber: refused("INVALID_REQUEST"),
        sendUnknownQueueMode: refused("INVALID_REQUEST"),
        sendUnknownField: refused("INVALID_REQUEST"),
        sendStaleLeaf: {
          ok: false,
          code: "INVALID_REQUEST",
          reason: "active-leaf-changed",
          detailCode: null,
        },
      },
      async (peer, sessionKey) => {
        const context = createContext(peer);
        try {
          const reader = await context.connect({ scopes: SCOPES });
          const asker = await context.connect({ scopes: ["operator.questions"] });
          const send = (extra: Fields) =>
            reader.request("chat.send", {
              sessionKey,
              message: "never sent",
              idempotencyKey: randomUUID(),
              ...extra,
            });
          const subscribe = (target: RawConnection, params: Fields) =>
            target.request("sessions.messages.subscribe", params);
          const history = (target: RawConnection, extra: Fields) =>
            target.request("chat.history", { sessionKey, ...extra });
          return {
            subscribeWithoutKey: outcome(await subscribe(reader, {})),
            subscribeBySessionKey: outcome(await subscribe(reader, { sessionKey })),
            unsubscribeWithoutKey: outcome(
              await reader.request("sessions.messages.unsubscribe", {}),
            ),
            subscribeWithoutRead: outcome(await subscribe(asker, { key: sessionKey })),
            historyWithoutRead: outcome(await history(asker, {})),
            historyLimitZero: outcome(await history(reader, { limit: 0 })),
            historyLimitTooHigh: outcome(await history(reader, { limit: 1001 })),
            sendEmptyReplyTo: outcome(await send({ replyToId: "" })),
            sendReplyToNumber: outcome(await send({ replyToId: 5 })),
            sendUnknownQueueMode: outcome(await send({ queueMode: "later" })),
            sendUnknownField: outcome(await send({ bogus: true })),
            sendStaleLeaf: outcome(await send({ expectedLeafEntryId: "no-such-entry" })),
          };
        } finally {
          context.cleanup();
        }
      },
    );
  });
});
