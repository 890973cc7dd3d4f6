import { describe, expect, it } from "vitest";
import { withAsyncQuestions } from "../../src/gateway/async-question-api";
import { GatewayRequestError } from "../../src/gateway/errors";
import { createQuestionApi } from "../../src/gateway/question-api";
import type { ConnectionState, GatewayClient, GatewayClientEvent } from "../../src/gateway/types";
import {
  formatAsyncAnswer,
  parseAsyncAnswer,
  quoteTitle,
  readAsyncQuestionMessage,
} from "../../src/protocol/async-questions";
import type { HelloOk } from "../../src/protocol/types";
import { createQuestionStore } from "../../src/store/create-question-store";
import { promptStateOf } from "../../src/store/prompt-state";
import { reduceQuestions } from "../../src/store/reducer";
import { selectActivePromptId, selectPendingPrompts } from "../../src/store/selectors-prompts";
import { createManualClock } from "../../src/testing/manual-clock";
import { settle } from "../store/support/harness";

const SESSION = "agent:main:main";
const START_MS = 1_800_000_000_000;
const QUESTIONS = [
  { title: "Which database should I use?", options: ["Postgres", "SQLite"] },
  { title: "Anything else I should know?" },
];

type Message = Record<string, unknown>;

/** One session of a gateway, as the async questions read it: history, session.message, chat.send. */
function createSessionPeer(scopes = ["operator.questions", "operator.read", "operator.write"]) {
  const clock = createManualClock(START_MS);
  const messages: Message[] = [];
  const sent: Record<string, unknown>[] = [];
  const listeners = new Set<(event: GatewayClientEvent) => void>();
  const subscribedKeys: string[] = [];
  // While set, `chat.history` answers only once it resolves (a slow gateway).
  let historyHeld: Promise<void> | null = null;
  let seq = 0;
  let state: ConnectionState = { status: "idle" };
  const hello = {
    type: "hello-ok",
    protocol: 4,
    auth: { role: "operator", scopes },
  } as unknown as HelloOk;
  const emit = (event: GatewayClientEvent) => {
    for (const listener of [...listeners]) listener(event);
  };
  const write = (message: Message, live = true): Message => {
    seq += 1;
    const meta = { id: `m${seq}`, seq, ...((message.__openclaw as object | undefined) ?? {}) };
    const stored = { ...message, timestamp: START_MS + seq, __openclaw: meta };
    messages.push(stored);
    if (live && state.status === "connected")
      emit({
        type: "event",
        frame: {
          type: "event",
          event: "session.message",
          payload: { sessionKey: SESSION, message: stored, messageId: meta.id, messageSeq: seq },
        },
        connectionId: state.connectionId,
      });
    return stored;
  };
  const client: GatewayClient = {
    connect: () => undefined,
    close: () => undefined,
    getState: () => state,
    getConnectionId: () => (state.status === "connected" ? state.connectionId : 0),
    getClockOffsetMs: () => 0,
    clock,
    url: "ws://peer.test",
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    request: async <T>(method: string, params?: unknown): Promise<T> => {
      const p = (params ?? {}) as Record<string, unknown>;
      switch (method) {
        case "question.list":
          return { questions: [] } as T;
        case "sessions.messages.subscribe":
          subscribedKeys.push(String(p.key));
          return { subscribed: true } as T;
        case "chat.history":
          if (historyHeld !== null) await historyHeld;
          return { sessionKey: SESSION, messages: [...messages] } as T;
        case "chat.send": {
          sent.push(p);
          write({
            role: "user",
            content: [{ type: "text", text: p.message }],
            ...(typeof p.replyToId === "string" ? { __openclaw: { replyToId: p.replyToId } } : {}),
          });
          return { runId: p.idempotencyKey, status: "started" } as T;
        }
        case "question.get":
          throw new GatewayRequestError("question.get", {
            code: "INVALID_REQUEST",
            message: `question '${String(p.id)}' was not found`,
            details: { reason: "QUESTION_NOT_FOUND" },
          });
        default:
          throw new Error(`unexpected ${method}`);
      }
    },
  };
  const connect = (connectionId: number) => {
    state = { status: "connected", hello, connectionId, clockOffsetMs: 0 };
    emit({ type: "state", state });
  };
  const disconnect = () => {
    state = { status: "reconnecting", attempt: 1, retryAtMs: START_MS, lastError: null };
    emit({ type: "state", state });
  };
  /** Holds every `chat.history` answer until the returned function is called. */
  const holdHistory = (): (() => void) => {
    let resolveHeld: () => void = () => undefined;
    historyHeld = new Promise<void>((resolve) => {
      resolveHeld = resolve;
    });
    return () => {
      historyHeld = null;
      resolveHeld();
    };
  };
  const ask = (itemId: string, runId = "run-1", live = true) =>
    write(
      {
        role: "assistant",
        content: [{ type: "text", text: "Which database should I use?" }],
        openclawAsyncDelivery: { itemId, questions: QUESTIONS },
        __openclaw: { runId },
      },
      live,
    );
  const finishRun = (runId: string) =>
    write({
      role: "assistant",
      content: [{ type: "text", text: "Done." }],
      stopReason: "stop",
      __openclaw: { runId },
    });
  return {
    client,
    clock,
    messages,
    sent,
    subscribedKeys,
    connect,
    disconnect,
    ask,
    finishRun,
    write,
    holdHistory,
  };
}

async function openStore(peer: ReturnType<typeof createSessionPeer>) {
  const api = withAsyncQuestions(createQuestionApi(peer.client), { sessionKeys: ["main"] });
  const store = createQuestionStore({ api, clock: peer.clock, storage: null, gatewayKey: "peer" });
  store.getState().start();
  peer.connect(1);
  await settle(0);
  return { api, store };
}

describe("the async question message", () => {
  it("should be read only within OpenClaw's limits", () => {
    const message = (delivery: unknown) => ({ role: "assistant", openclawAsyncDelivery: delivery });
    expect(readAsyncQuestionMessage(message({ itemId: "a", questions: QUESTIONS }))).not.toBeNull();
    expect(
      readAsyncQuestionMessage({
        role: "user",
        openclawAsyncDelivery: { itemId: "a", questions: QUESTIONS },
      }),
    ).toBeNull();
    expect(readAsyncQuestionMessage(message({ itemId: " ", questions: QUESTIONS }))).toBeNull();
    expect(readAsyncQuestionMessage(message({ itemId: "a", questions: [] }))).toBeNull();
    const thirteen = Array.from({ length: 13 }, (_, index) => ({ title: `Q${index}` }));
    expect(readAsyncQuestionMessage(message({ itemId: "a", questions: thirteen }))).toBeNull();
    const fiveOptions = [{ title: "Q", options: ["a", "b", "c", "d", "e"] }];
    expect(readAsyncQuestionMessage(message({ itemId: "a", questions: fiveOptions }))).toBeNull();
    expect(
      readAsyncQuestionMessage(
        message({ itemId: "a", questions: [{ title: "Q", options: ["one"] }] }),
      ),
    ).not.toBeNull();
  });

  it("should be answered in the quoted form, read back the same", () => {
    const text = formatAsyncAnswer(QUESTIONS, [["Postgres"], ["Use UTC, always"]]);
    expect(text).toBe(
      "> Which database should I use?\n\nPostgres\n\n> Anything else I should know?\n\nUse UTC, always",
    );
    expect(parseAsyncAnswer(QUESTIONS, text)).toEqual([["Postgres"], ["Use UTC, always"]]);
    expect(parseAsyncAnswer(QUESTIONS, "Postgres")).toBeNull();
  });

  it("should quote a title cut to 512 UTF-8 bytes on a whole character, line breaks as spaces", () => {
    const quoted = quoteTitle(`${"é".repeat(300)}\r\nx`);
    expect(new TextEncoder().encode(quoted.slice(2)).length).toBe(512);
    expect(quoteTitle("a\nb")).toBe("> a b");
  });
});

describe("given a session whose agent asks an async question", () => {
  it("should show it from history on connect, first option chosen, and answer with replyToId", async () => {
    const peer = createSessionPeer();
    const asked = peer.ask("item-1", "run-1", false);
    const { store } = await openStore(peer);
    expect(peer.subscribedKeys).toEqual([SESSION]);
    const entry = store.getState().prompts.get("async:item-1");
    expect(entry?.record.origin).toBe("async");
    expect(entry?.record.questions.map((question) => question.question)).toEqual(
      QUESTIONS.map((question) => question.title),
    );
    store.getState().setOtherText("async:item-1", "q2", "Use UTC timestamps");
    await store.getState().submit("async:item-1");
    await settle(0);
    expect(peer.sent).toHaveLength(1);
    expect(peer.sent[0]).toMatchObject({
      sessionKey: SESSION,
      message:
        "> Which database should I use?\n\nPostgres\n\n> Anything else I should know?\n\nUse UTC timestamps",
      replyToId: (asked.__openclaw as { id: string }).id,
      deliver: false,
    });
    const after = store.getState().prompts.get("async:item-1");
    expect(after === undefined ? null : promptStateOf(after).status).toBe("answered");
  });

  it("should take a question arriving live, and retire it when another client replies to it", async () => {
    const peer = createSessionPeer();
    const { store } = await openStore(peer);
    const asked = peer.ask("item-2");
    await settle(0);
    expect(store.getState().prompts.get("async:item-2")?.status).toBe("pending");
    peer.write({
      role: "user",
      content: [{ type: "text", text: formatAsyncAnswer(QUESTIONS, [["SQLite"], ["no"]]) }],
      __openclaw: { replyToId: (asked.__openclaw as { id: string }).id },
    });
    await settle(0);
    const entry = store.getState().prompts.get("async:item-2");
    expect(entry === undefined ? null : promptStateOf(entry).status).toBe("answered-elsewhere");
    expect(entry?.answers?.answers).toEqual({ q1: ["SQLite"], q2: ["no"] });
  });

  it("should retire it as no longer pending when a later run ends first", async () => {
    const peer = createSessionPeer();
    const { store } = await openStore(peer);
    peer.ask("item-3", "run-1");
    peer.finishRun("run-1");
    await settle(0);
    expect(store.getState().prompts.get("async:item-3")?.status).toBe("pending");
    peer.finishRun("run-2");
    await settle(0);
    expect(store.getState().prompts.get("async:item-3")?.status).toBe("expired");
  });

  it("should dismiss without a request, and come back when reopened", async () => {
    const peer = createSessionPeer();
    const { store } = await openStore(peer);
    peer.ask("item-4");
    await settle(0);
    await store.getState().skip("async:item-4");
    await settle(0);
    expect(peer.sent).toEqual([]);
    const dismissed = store.getState().prompts.get("async:item-4");
    expect(dismissed === undefined ? null : promptStateOf(dismissed).status).toBe("skipped");
    await store.getState().reopen("async:item-4");
    await settle(0);
    expect(store.getState().prompts.get("async:item-4")?.status).toBe("pending");
    expect(selectActivePromptId(store.getState(), { sessionKey: "main" })).toBe("async:item-4");
  });

  it("should queue an answer given offline and send it once on reconnect", async () => {
    const peer = createSessionPeer();
    const { store } = await openStore(peer);
    peer.ask("item-5");
    await settle(0);
    peer.disconnect();
    await settle(0);
    store.getState().setOtherText("async:item-5", "q2", "later");
    await store.getState().submit("async:item-5");
    expect(store.getState().prompts.get("async:item-5")?.status).toBe("queued");
    expect(peer.sent).toEqual([]);
    peer.connect(2);
    await settle(0);
    await settle(0);
    expect(peer.sent).toHaveLength(1);
    expect(store.getState().prompts.get("async:item-5")?.status).toBe("answered");
  });

  it("should order it after a question the agent waits on, which takes the pane", async () => {
    const peer = createSessionPeer();
    const { store } = await openStore(peer);
    peer.ask("item-6");
    await settle(0);
    const scope = { sessionKey: "main" };
    expect(selectActivePromptId(store.getState(), scope)).toBe("async:item-6");
    store.getState().setActivePrompt(scope, "async:item-6");
    const blocking = {
      id: "blocking-1",
      sessionKey: SESSION,
      createdAtMs: START_MS + 60_000,
      expiresAtMs: START_MS + 960_000,
      status: "pending",
      questions: [
        {
          questionId: "env",
          header: "Target",
          question: "Deploy where?",
          options: [{ label: "a" }, { label: "b" }],
        },
      ],
    };
    // As the gateway's `question.requested` would bring it.
    store.setState(
      reduceQuestions(store.getState(), {
        type: "question-requested",
        record: blocking,
        atMs: START_MS,
      }),
      true,
    );
    expect(selectPendingPrompts(store.getState(), scope).map((entry) => entry.id)).toEqual([
      "blocking-1",
      "async:item-6",
    ]);
    expect(selectActivePromptId(store.getState(), scope)).toBe("blocking-1");
  });

  it("should send an answer given before the session's history is read (a reload showed it from storage)", async () => {
    const peer = createSessionPeer();
    const asked = peer.ask("item-8", "run-1", false);
    const release = peer.holdHistory();
    const api = withAsyncQuestions(createQuestionApi(peer.client), { sessionKeys: ["main"] });
    await settle(0);
    peer.connect(1);
    await settle(0);
    const answered = api.resolve("async:item-8", { answers: { q1: ["SQLite"], q2: ["small"] } });
    await settle(0);
    expect(peer.sent).toEqual([]);
    release();
    await expect(answered).resolves.toMatchObject({ status: "answered" });
    expect(peer.sent).toHaveLength(1);
    expect(peer.sent[0]).toMatchObject({
      message: formatAsyncAnswer(QUESTIONS, [["SQLite"], ["small"]]),
      replyToId: (asked.__openclaw as { id: string }).id,
    });
  });

  it("should send nothing when the history read for a late answer shows it answered elsewhere", async () => {
    const peer = createSessionPeer();
    const asked = peer.ask("item-9", "run-1", false);
    peer.write(
      {
        role: "user",
        content: [{ type: "text", text: formatAsyncAnswer(QUESTIONS, [["Postgres"], ["no"]]) }],
        __openclaw: { replyToId: (asked.__openclaw as { id: string }).id },
      },
      false,
    );
    const release = peer.holdHistory();
    const api = withAsyncQuestions(createQuestionApi(peer.client), { sessionKeys: ["main"] });
    await settle(0);
    peer.connect(1);
    const answered = api.resolve("async:item-9", { answers: { q1: ["SQLite"], q2: ["x"] } });
    release();
    await expect(answered).rejects.toMatchObject({ reason: "QUESTION_ALREADY_TERMINAL" });
    expect(peer.sent).toEqual([]);
    expect(await api.get("async:item-9")).toMatchObject({
      status: "answered",
      answers: { answers: { q1: ["Postgres"], q2: ["no"] } },
    });
  });

  it("should refuse an answer to a question its session's history no longer holds, saying so", async () => {
    const peer = createSessionPeer();
    const api = withAsyncQuestions(createQuestionApi(peer.client), { sessionKeys: ["main"] });
    await settle(0);
    peer.connect(1);
    await settle(0);
    await expect(api.resolve("async:gone", { answers: { q1: ["SQLite"] } })).rejects.toThrow(
      "this question is no longer in its session's history",
    );
    expect(peer.sent).toEqual([]);
  });

  it("should bring back a question restored by a reload on another session once its session is read", async () => {
    const peer = createSessionPeer();
    const stored = new Map<string, string>();
    const storage = {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => void stored.set(key, value),
      removeItem: (key: string) => void stored.delete(key),
    };
    const open = () => {
      const api = withAsyncQuestions(createQuestionApi(peer.client));
      const store = createQuestionStore({ api, clock: peer.clock, storage, gatewayKey: "peer" });
      store.getState().start();
      return { api, store };
    };
    const before = open();
    before.api.followSession("main");
    peer.connect(1);
    await settle(0);
    peer.ask("item-10");
    await settle(0);
    before.store.getState().setOtherText("async:item-10", "q2", "half written");
    peer.disconnect();
    await settle(0);

    // The reloaded page shows another session: nobody reads this one's history there.
    const elsewhere = open();
    peer.connect(2);
    await settle(0);
    await settle(0);
    expect(elsewhere.store.getState().prompts.get("async:item-10")?.status).toBe("unavailable");
    peer.disconnect();
    await settle(0);

    // Back on its own session (another reload): its history is read, and the question waits again.
    const back = open();
    back.api.followSession("main");
    peer.connect(3);
    await settle(0);
    await settle(0);
    expect(back.store.getState().prompts.get("async:item-10")?.status).toBe("pending");
    expect(back.store.getState().drafts.get("async:item-10")?.questions.get("q2")?.otherText).toBe(
      "half written",
    );
  });

  it("should read nothing without the read scope", async () => {
    const peer = createSessionPeer(["operator.questions"]);
    peer.ask("item-7", "run-1", false);
    const { store } = await openStore(peer);
    expect(peer.subscribedKeys).toEqual([]);
    expect(store.getState().prompts.has("async:item-7")).toBe(false);
  });
});
