import type { RequestId } from "@modelcontextprotocol/sdk/types.js";
import { readOpenableUrl } from "../protocol/openable-url";
import type { QuestionRecord } from "../protocol/types";
import type { LocalQuestionSource } from "../store/local-source";
import { urlElicitationsOf } from "./url-elicitation-error";

type UrlResult = { action: "accept" } | { action: "decline" } | { action: "cancel" };

type Clock = LocalQuestionSource["client"]["clock"];

/** What each half of the MCP source (forms, URLs) needs from the rest of it. */
export type ElicitationDeps = {
  local: LocalQuestionSource;
  clock: Clock;
  timeoutMs: number;
  sessionKey: string | undefined;
  /** Told of each refused elicitation: its message, and why. */
  onRefused:
    | ((refused: { kind: "form" | "url"; message: string; reasons: string[] }) => void)
    | undefined;
  /** The server's cancellation of each waiting request, by its id. */
  cancels: Map<RequestId, () => void>;
};

/** The request context of an `elicitation/create` either half answers. */
export type ElicitRequestContext = { requestId: RequestId; signal: AbortSignal };

type Reply = (result: UrlResult) => void;

type Shown = { recordId: string; href: string; reply: Reply | null; opened: boolean };

function textOf(value: unknown): string {
  return typeof value === "string" ? value : "";
}

/**
 * URL elicitations in the dock: each one checked (the client SDK only parses the URL, so every
 * safeguard is here), shown as a prompt with one question whose `openUrl` is the URL, and retired
 * as done by `notifications/elicitation/complete`.
 */
export function createUrlElicitations(deps: ElicitationDeps) {
  const { local, clock } = deps;
  // Waiting prompts by elicitation id; an id whose prompt ended may be shown again.
  const shown = new Map<string, Shown>();
  // Visits opened here whose prompt then ended (Stop waiting, the deadline) without the server
  // saying whether they finished: a later completion corrects the summary's "not known".
  const unknownEndings = new Map<string, Shown>();
  const settleFinished = (entry: Shown): void =>
    local.settle({
      id: entry.recordId,
      status: "answered",
      answers: { answers: { open_url: [entry.href] } },
    });
  let count = 0;

  /**
   * Shows one elicitation, answering through `reply` (null for one from an error, which has no
   * request to answer). Returns false once it was refused and the host told why.
   */
  const show = (params: Record<string, unknown>, reply: Reply | null): boolean => {
    const message = textOf(params.message);
    const elicitationId = textOf(params.elicitationId);
    // The same error shown again while its prompt waits: the user already sees it.
    if (reply === null && shown.has(elicitationId)) return true;
    const openable = readOpenableUrl(textOf(params.url));
    const reasons = openable.ok ? [] : [openable.reason];
    if (params.mode !== "url") reasons.push("the elicitation is not in URL mode");
    if (elicitationId === "") reasons.push("the elicitation has no elicitationId");
    else if (shown.has(elicitationId)) reasons.push("the elicitationId is already shown");
    if (!openable.ok || reasons.length > 0) {
      deps.onRefused?.({ kind: "url", message, reasons });
      return false;
    }
    count += 1;
    const nowMs = clock.now();
    const record: QuestionRecord = {
      id: `mcp_url_${nowMs.toString(36)}_${count}`,
      questions: [
        {
          questionId: "open_url",
          header: openable.host,
          question: message.trim() === "" ? openable.host : message,
          options: [],
          openUrl: openable.href,
        },
      ],
      ...(deps.sessionKey === undefined ? {} : { sessionKey: deps.sessionKey }),
      createdAtMs: nowMs,
      expiresAtMs: nowMs + deps.timeoutMs,
      status: "pending",
    };
    const entry: Shown = { recordId: record.id, href: openable.href, reply, opened: false };
    const end = (result: UrlResult) => {
      shown.delete(elicitationId);
      if (entry.opened) unknownEndings.set(elicitationId, entry);
      reply?.(result);
    };
    shown.set(elicitationId, entry);
    local.ask(record, {
      answer: () => Promise.reject(new Error("a URL prompt is answered by opening its URL")),
      open: () => {
        entry.opened = true;
        reply?.({ action: "accept" });
      },
      decline: () => end({ action: "decline" }),
      expire: () => end({ action: "cancel" }),
    });
    return true;
  };

  return {
    /** Answers an `elicitation/create` in URL mode: `accept` on Open, `decline`, or `cancel`. */
    ask: (params: Record<string, unknown>, context: ElicitRequestContext): Promise<UrlResult> => {
      const { requestId, signal } = context;
      // Given up on by the server while this half loaded: nothing to show, nobody to answer.
      if (signal.aborted) return Promise.resolve({ action: "cancel" });
      let cancel: () => void = () => undefined;
      return new Promise<UrlResult>((resolve) => {
        const elicitationId = textOf(params.elicitationId);
        if (!show(params, resolve)) {
          resolve({ action: "decline" });
          return;
        }
        const recordId = shown.get(elicitationId)?.recordId ?? "";
        cancel = () => {
          shown.delete(elicitationId);
          local.settle({ id: recordId, status: "cancelled" });
          resolve({ action: "cancel" });
        };
        deps.cancels.set(requestId, cancel);
        signal.addEventListener("abort", cancel, { once: true });
      }).finally(() => {
        // Once answered, only the completion (or the deadline, or the user) ends the prompt.
        deps.cancels.delete(requestId);
        signal.removeEventListener("abort", cancel);
      });
    },

    /** Shows the elicitations of a `UrlElicitationRequired` error (-32042); false for another error. */
    showError: (error: unknown): boolean => {
      const list = urlElicitationsOf(error);
      if (list === null) return false;
      for (const item of list) {
        show(
          typeof item === "object" && item !== null ? (item as Record<string, unknown>) : {},
          null,
        );
      }
      return true;
    },

    /** `notifications/elicitation/complete`: the visit is done, so its prompt retires as answered. */
    complete: (elicitationId: string): void => {
      const ended = unknownEndings.get(elicitationId);
      unknownEndings.delete(elicitationId);
      if (ended !== undefined) settleFinished(ended);
      const entry = shown.get(elicitationId);
      if (entry === undefined) return;
      shown.delete(elicitationId);
      settleFinished(entry);
      // Done before the user chose here: the request is answered too, without claiming consent.
      entry.reply?.({ action: "cancel" });
    },
  };
}
