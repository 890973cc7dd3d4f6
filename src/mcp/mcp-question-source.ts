import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import {
  type CancelledNotification,
  CancelledNotificationSchema,
  ElicitationCompleteNotificationSchema,
  ErrorCode,
  McpError,
  type RequestId,
} from "@modelcontextprotocol/sdk/types.js";
import { formContentOf, readFormSchema } from "../protocol/form-schema";
import { parseQuestionRecord } from "../protocol/parse-question-record";
import { describeIssues } from "../protocol/parse-support";
import type { QuestionRecord } from "../protocol/types";
import { createLocalQuestionSource, type LocalQuestionSource } from "../store/local-source";
import type { QuestionSource } from "../store/question-source";
import { createFormValidator } from "./form-check";
import { createUrlElicitations } from "./url-elicitation";

type Clock = QuestionSource["client"]["clock"];

/** How long a form waits for the user unless the server cancels it first. */
export const DEFAULT_FORM_TIMEOUT_MS = 900_000;

/**
 * An elicitation the dock does not show (a schema outside the spec, a URL it will not open): it
 * was declined (an elicitation from a tool call's error has nothing to decline), and why.
 */
export type RefusedForm = { message: string; reasons: string[] };

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

type ElicitResult =
  | { action: "accept"; content: Record<string, string | number | boolean | string[]> }
  | { action: "decline" }
  | { action: "cancel" };

const ELICIT = "elicitation/create";

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
  // The validator an SDK server checks results with: what it refuses, the dock refuses first.
  const validator = createFormValidator();
  let count = 0;
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
  const urls = createUrlElicitations({
    local,
    clock,
    timeoutMs,
    sessionKey: options.sessionKey,
    onRefused: options.onRefused,
    cancels,
  });
  if (options.url === true) {
    client.setNotificationHandler(ElicitationCompleteNotificationSchema, (notification) =>
      urls.complete(notification.params.elicitationId),
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
      if (options.url === true) return urls.ask(params, extra);
      options.onRefused?.({ message, reasons: ["URL elicitation is not enabled ({ url: true })"] });
      return { action: "decline" } satisfies ElicitResult;
    }
    const reading = readFormSchema(params.requestedSchema);
    const checked = reading.ok
      ? validator.compile(params.requestedSchema, reading.properties)
      : reading;
    if (!reading.ok || !checked.ok) {
      options.onRefused?.({ message, reasons: checked.ok ? [] : checked.reasons });
      return { action: "decline" } satisfies ElicitResult;
    }
    count += 1;
    const nowMs = clock.now();
    const record: QuestionRecord = {
      id: `mcp_${nowMs.toString(36)}_${count}`,
      questions: reading.properties.map(({ question }) => question),
      origin: "mcp",
      // The form's own message has a place of its own, above its fields.
      ...(message.trim() === "" ? {} : { message }),
      ...(options.sessionKey === undefined ? {} : { sessionKey: options.sessionKey }),
      createdAtMs: nowMs,
      expiresAtMs: nowMs + timeoutMs,
      status: "pending",
    };
    // The store drops a record it cannot read (too many fields or options): the server would
    // wait for nothing, so the form is declined with the reason instead.
    const parsed = parseQuestionRecord(record);
    if (!parsed.ok) {
      options.onRefused?.({ message, reasons: [describeIssues(parsed.issues)] });
      return { action: "decline" } satisfies ElicitResult;
    }
    const result = new Promise<ElicitResult>((resolve) => {
      // The server gave up on the request: the form retires, and no answer is sent (a receiver
      // of a cancellation does not respond; the SDK drops its aborted handlers' results too).
      const cancel = () => {
        cancels.delete(extra.requestId);
        local.settle({ id: record.id, status: "cancelled" });
      };
      cancels.set(extra.requestId, cancel);
      extra.signal.addEventListener("abort", cancel, { once: true });
      local.ask(
        record,
        {
          answer: (answers) =>
            resolve({ action: "accept", content: formContentOf(reading.properties, answers) }),
          decline: () => resolve({ action: "decline" }),
          expire: () => resolve({ action: "cancel" }),
        },
        { check: checked.check },
      );
    });
    return result.finally(() => cancels.delete(extra.requestId));
  };
  local.open();
  return Object.assign(local, { showUrlElicitationError: urls.showError });
}
