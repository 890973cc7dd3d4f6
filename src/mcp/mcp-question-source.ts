import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import {
  type CancelledNotification,
  CancelledNotificationSchema,
  ElicitationCompleteNotificationSchema,
  ErrorCode,
  McpError,
  type RequestId,
} from "@modelcontextprotocol/sdk/types.js";
import { type LazyModule, lazyModule } from "../store/lazy-module";
import { createLocalQuestionSource, type LocalQuestionSource } from "../store/local-source";
import { createPartGate, type PartGate } from "../store/part-gate";
import type { QuestionSource } from "../store/question-source";
import type { ElicitResult } from "./form-elicitation";
import type { ElicitationDeps } from "./url-elicitation";
import { urlElicitationsOf } from "./url-elicitation-error";

type Clock = QuestionSource["client"]["clock"];

/** How long a form waits for the user unless the server cancels it first. */
export const DEFAULT_FORM_TIMEOUT_MS = 900_000;

/**
 * An elicitation the dock does not show (a schema outside the spec, a URL it will not open): it
 * was declined (an elicitation from a tool call's error has nothing to decline), and why. `kind`
 * tells a form from a URL, so the user is told which was refused: "a form can't be shown" is not
 * what happened to a link.
 */
export type RefusedForm = { kind: "form" | "url"; message: string; reasons: string[] };

/** Options of `createMcpQuestionSource`. */
export type McpQuestionSourceOptions = {
  /** The session the forms belong to (the provider's `sessionKey`); `main` when left out. */
  sessionKey?: string;
  /** How long a form waits before it is answered with `cancel`. */
  timeoutMs?: number;
  clock?: Clock;
  /**
   * Called for a form outside the spec (nested objects, unknown types), a form whose schema the
   * server's validator cannot compile, or a refused URL; it is declined.
   */
  onRefused?: (form: RefusedForm) => void;
  /**
   * Also declare and show URL elicitations (`mode: "url"`): the message and the URL with its host
   * set apart, Open (a new tab, only on the user's click) and Decline. Refused with `onRefused`
   * and a `decline`: a URL that is not `https:` (plain `http:` only on this computer), carries a
   * user name or password, hides characters or is longer than 2048 characters.
   */
  url?: boolean;
};

/** The store's source for an MCP client's elicitations. */
export type McpQuestionSource = LocalQuestionSource & {
  /**
   * Shows the URL elicitations of a tool call's `UrlElicitationRequired` error (-32042) in the
   * dock, as a server's URL elicitations are shown (the same checks, retired by their completion
   * notification); false for any other error. Call the tool again once they are done.
   */
  showUrlElicitationError(error: unknown): boolean;
};

const ELICIT = "elicitation/create";

const partMissing = (half: string, reason: string): string =>
  `the page could not load its ${half} elicitation part (${reason})`;

/**
 * Answers with a half of the source once it has loaded. Until then the request waits: the page
 * says a question could not be shown (the source's `parts`), and Try again loads the half again.
 * Should the server cancel it or its deadline pass first, the server is told with an error, not
 * that the user declined.
 */
async function withHalf<Half, Result>(
  name: string,
  half: LazyModule<Half>,
  deps: ElicitationDeps & { gate: PartGate },
  requestId: RequestId,
  answer: (loaded: Half) => Promise<Result>,
): Promise<Result> {
  const stop = new AbortController();
  const abort = () => stop.abort();
  let reason = "";
  // The server's cancellation (any request id, see below) and the deadline end the wait.
  deps.cancels.set(requestId, abort);
  const deadline = deps.clock.setTimeout(abort, deps.timeoutMs);
  try {
    return answer(
      await deps.gate.wait(half, {
        signal: stop.signal,
        onFailure: (failure) => {
          reason = failure;
        },
      }),
    );
  } catch {
    // Only an ended wait rejects: `answer`'s own result is returned as it is.
    throw new McpError(ErrorCode.InternalError, partMissing(name, reason));
  } finally {
    deps.clock.clearTimeout(deadline);
    if (deps.cancels.get(requestId) === abort) deps.cancels.delete(requestId);
  }
}

/**
 * Makes `client` answer form elicitations with the dock: each `elicitation/create` becomes a
 * prompt, Submit answers `accept` with content typed as the schema asks, Skip `decline`, and the
 * deadline or the server's own cancellation `cancel`; with `{ url: true }` URL elicitations too.
 * Call it before `client.connect()`: it declares the elicitation capability.
 */
export function createMcpQuestionSource(
  client: Client,
  options: McpQuestionSourceOptions = {},
): McpQuestionSource {
  const local = createLocalQuestionSource({ name: "mcp", clock: options.clock });
  const clock = local.client.clock;
  const timeoutMs = options.timeoutMs ?? DEFAULT_FORM_TIMEOUT_MS;
  try {
    client.registerCapabilities({
      elicitation: options.url === true ? { form: {}, url: {} } : { form: {} },
    });
  } catch (error) {
    throw new Error(
      `createMcpQuestionSource: call it before client.connect(), so the client can declare forms (${String(error)})`,
    );
  }
  // The server's cancellation of each waiting form, by the request id it came with.
  const cancels = new Map<RequestId, () => void>();
  // The SDK ignores `notifications/cancelled` for request id 0 (it tests the id for truthiness),
  // so the first form of a session would stay open after the server gave up on it. The kit takes
  // the notification itself, retires its own form, and hands it on to the SDK's handling.
  const sdkCancel = (client as unknown as { _oncancel?: (n: CancelledNotification) => unknown })
    ._oncancel;
  client.setNotificationHandler(CancelledNotificationSchema, async (notification) => {
    const requestId = notification.params.requestId;
    if (requestId !== undefined) cancels.get(requestId)?.();
    await sdkCancel?.call(client, notification);
  });
  const deps: ElicitationDeps = {
    local,
    clock,
    timeoutMs,
    sessionKey: options.sessionKey,
    onRefused: options.onRefused,
    cancels,
  };
  const gate = createPartGate();
  const waitDeps = { ...deps, gate };
  // Each half is a chunk of its own (reading schemas and the server's validator; checking URLs),
  // loaded as the source is made: long before a server asks, and a page ships none up front.
  const forms = lazyModule(
    () => import("./form-elicitation"),
    (module) => module.createFormElicitations(deps),
  );
  const urls = lazyModule(
    () => import("./url-elicitation"),
    (module) => module.createUrlElicitations(deps),
  );
  forms.load().catch(() => undefined);
  if (options.url === true) {
    urls.load().catch(() => undefined);
    // Nothing was shown before the URL half loaded: nothing to retire without it.
    client.setNotificationHandler(ElicitationCompleteNotificationSchema, (notification) =>
      urls.loaded()?.complete(notification.params.elicitationId),
    );
  }
  const previous = client.fallbackRequestHandler;
  // The SDK's own handler would refuse an out-of-spec schema with an error before the kit saw it;
  // here it is read by the kit, so the user is told and the server gets a plain `decline`.
  client.fallbackRequestHandler = async (request, extra) => {
    if (request.method !== ELICIT) {
      if (previous !== undefined) return previous(request, extra);
      throw new McpError(ErrorCode.MethodNotFound, `Method not found: ${request.method}`);
    }
    const params = (request.params ?? {}) as { message?: unknown; requestedSchema?: unknown };
    const message = typeof params.message === "string" ? params.message : "";
    if ((params as { mode?: unknown }).mode === "url") {
      if (options.url === true)
        return withHalf("URL", urls, waitDeps, extra.requestId, (half) => half.ask(params, extra));
      options.onRefused?.({
        kind: "url",
        message,
        reasons: ["URL elicitation is not enabled ({ url: true })"],
      });
      return { action: "decline" } satisfies ElicitResult;
    }
    return withHalf("form", forms, waitDeps, extra.requestId, (half) =>
      half.ask(params, message, extra),
    );
  };
  local.open();
  return Object.assign(local, {
    parts: gate,
    showUrlElicitationError: (error: unknown): boolean => {
      if (urlElicitationsOf(error) === null) return false;
      // Should the URL half not load, they wait at the gate: the dock says so, with Try again.
      gate.wait(urls).then(
        (half) => half.showError(error),
        () => undefined,
      );
      return true;
    },
  });
}
