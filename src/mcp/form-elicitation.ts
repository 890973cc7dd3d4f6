// The form half of the MCP source, a chunk of its own: the schema reader, the server's validator
// and the prompt a form becomes.
import { formContentOf, readFormSchema } from "../protocol/form-schema";
import { parseQuestionRecord } from "../protocol/parse-question-record";
import { describeIssues } from "../protocol/parse-support";
import type { QuestionRecord } from "../protocol/types";
import { createFormValidator } from "./form-check";
import type { ElicitationDeps, ElicitRequestContext } from "./url-elicitation";

/** What a form elicitation is answered with. */
export type ElicitResult =
  | { action: "accept"; content: Record<string, string | number | boolean | string[]> }
  | { action: "decline" }
  | { action: "cancel" };

/** The form half of the MCP source: `ask` shows one form and settles with the server's answer. */
export type FormElicitations = {
  ask(
    params: { requestedSchema?: unknown },
    message: string,
    extra: ElicitRequestContext,
  ): Promise<ElicitResult>;
};

/** Form elicitations in the dock. */
export function createFormElicitations(deps: ElicitationDeps): FormElicitations {
  const { local, clock, timeoutMs, sessionKey, onRefused, cancels } = deps;
  // The validator an SDK server checks results with: what it refuses, the dock refuses first.
  const validator = createFormValidator();
  let count = 0;
  const ask: FormElicitations["ask"] = (params, message, extra) => {
    // Given up on by the server while the form part loaded: nothing to show, nobody to answer.
    if (extra.signal.aborted) return Promise.resolve({ action: "cancel" });
    const reading = readFormSchema(params.requestedSchema);
    const checked = reading.ok
      ? validator.compile(params.requestedSchema, reading.properties)
      : reading;
    if (!reading.ok || !checked.ok) {
      onRefused?.({ kind: "form", message, reasons: checked.ok ? [] : checked.reasons });
      return Promise.resolve({ action: "decline" });
    }
    count += 1;
    const nowMs = clock.now();
    const record: QuestionRecord = {
      id: `mcp_${nowMs.toString(36)}_${count}`,
      questions: reading.properties.map(({ question }) => question),
      origin: "mcp",
      // The form's own message has a place of its own, above its fields.
      ...(message.trim() === "" ? {} : { message }),
      ...(sessionKey === undefined ? {} : { sessionKey }),
      createdAtMs: nowMs,
      expiresAtMs: nowMs + timeoutMs,
      status: "pending",
    };
    // The store drops a record it cannot read (too many fields or options): the server would
    // wait for nothing, so the form is declined with the reason instead.
    const parsed = parseQuestionRecord(record);
    if (!parsed.ok) {
      onRefused?.({ kind: "form", message, reasons: [describeIssues(parsed.issues)] });
      return Promise.resolve({ action: "decline" });
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
  return { ask };
}
