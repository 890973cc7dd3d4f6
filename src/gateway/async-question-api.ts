import type { AsyncQuestionReader } from "./async-question-reader";
import type { QuestionApi } from "./types";

/**
 * Loads what reads async questions (`import()`), as the first API that shows them is made; a failed
 * load (a network error) is tried again by the next call.
 */
export function loadAsyncQuestionReader(): Promise<typeof import("./async-question-reader")> {
  readerModule ??= import("./async-question-reader").catch((error: unknown) => {
    readerModule = null;
    throw error;
  });
  return readerModule;
}
let readerModule: Promise<typeof import("./async-question-reader")> | null = null;

/** Store ids of async questions start with this (`async:<itemId>`), apart from gateway records. */
const ASYNC_PROMPT_PREFIX = "async:";

/** A question API that also shows OpenClaw's async questions (see `withAsyncQuestions`). */
export type AsyncQuestionApi = QuestionApi & {
  /**
   * Reads the session's async questions from now on (`sessions.messages.subscribe`, and its
   * history on every connection); the returned function stops. Following twice is counted.
   */
  followSession(sessionKey: string): () => void;
};

/** Options of `withAsyncQuestions`. */
export type AsyncQuestionOptions = {
  /** Sessions followed from the start; a provider follows its own `sessionKey` by itself. */
  sessionKeys?: readonly string[];
};

type Listener<Value> = (value: Value, connectionId: number) => void;

/**
 * Adds OpenClaw's async questions (optional questions an agent asks in a message while it works
 * on) to a gateway's question API, as prompts of their own kind (`origin: "async"`): shown after
 * the questions an agent waits on, answered with `chat.send` in OpenClaw's quoted form with
 * `replyToId` (so OpenClaw's Control UI counts them answered too), dismissed in this browser
 * only, retired when answered elsewhere or made stale by a later run. Its reader loads apart
 * (`import()`) as the API is made. Needs `operator.read` to read and `operator.write` to answer;
 * without them, only the gateway's question records show.
 */
export function withAsyncQuestions(
  api: QuestionApi,
  options: AsyncQuestionOptions = {},
): AsyncQuestionApi {
  const { client } = api;
  let reading: Promise<AsyncQuestionReader> | null = null;
  // One reader per API, made once its part has loaded; a failed load is tried again next time.
  const load = (): Promise<AsyncQuestionReader> => {
    reading ??= loadAsyncQuestionReader().then(
      (part) => part.createAsyncQuestionReader(client),
      (error: unknown) => {
        reading = null;
        throw error;
      },
    );
    return reading;
  };
  load().catch(() => undefined);
  /** Runs `start` with the reader once it has loaded; the returned function undoes it either way. */
  const withReader = (start: (loaded: AsyncQuestionReader) => () => void): (() => void) => {
    let stop: (() => void) | null = null;
    let stopped = false;
    load().then(
      (loaded) => {
        if (!stopped) stop = start(loaded);
      },
      () => undefined,
    );
    return () => {
      stopped = true;
      stop?.();
    };
  };
  const isAsync = (id: string) => id.startsWith(ASYNC_PROMPT_PREFIX);
  const follow = (sessionKey: string) => withReader((loaded) => loaded.follow(sessionKey));
  for (const sessionKey of options.sessionKeys ?? []) follow(sessionKey);
  // The gateway's own questions never wait for the reader: only the async ones come through it.
  const listen =
    <Value>(
      base: (listener: Listener<Value>) => () => void,
      own: (loaded: AsyncQuestionReader, listener: (value: Value) => void) => () => void,
    ) =>
    (listener: Listener<Value>): (() => void) => {
      const stopBase = base(listener);
      const stopOwn = withReader((loaded) =>
        own(loaded, (value) => listener(value, client.getConnectionId())),
      );
      return () => {
        stopBase();
        stopOwn();
      };
    };

  return {
    ...api,
    list: async (listOptions) => {
      const records = await api.list(listOptions);
      try {
        return [...records, ...(await (await load()).list())];
      } catch (error) {
        // The gateway's own questions still show; the async ones when the next hydration reads them.
        const reason = error instanceof Error ? error.message : String(error);
        listOptions?.onDiagnostic?.(`could not read the session's async questions: ${reason}`);
        return records;
      }
    },
    get: async (id) => (isAsync(id) ? (await load()).get(id) : undefined) ?? api.get(id),
    resolve: async (id, answers, resolveOptions) =>
      isAsync(id) ? (await load()).answer(id, answers) : api.resolve(id, answers, resolveOptions),
    // Dismissing is this browser's own choice: OpenClaw has no request for it.
    cancel: async (id, cancelOptions) =>
      isAsync(id) ? { status: "cancelled" } : api.cancel(id, cancelOptions),
    onRequested: listen<unknown>(api.onRequested, (loaded, listener) =>
      loaded.onRequested(listener),
    ),
    onResolved: listen<unknown>(api.onResolved, (loaded, listener) => loaded.onResolved(listener)),
    followSession: follow,
  };
}
