// The dock's verdict (may Submit send?) against the MCP SDK's own validator on the content it
// would send, over generated schemas and answers: they must never disagree. A real SDK server
// and client carry every form, and each accepted answer goes to the server, which validates it.
// Replay a run with MCP_PROPERTY_SEED=<seed> (the seed is printed).

import type { ElicitResult } from "@modelcontextprotocol/sdk/types.js";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type FormProperty, formContentOf, readFormSchema } from "../../src/protocol/form-schema";
import type { Question } from "../../src/protocol/types";
import { draftToAnswers } from "../../src/store/draft-values";
import { selectCanSubmit, selectQuestionDraft } from "../../src/store/selectors-drafts";
import { selectPendingPrompts } from "../../src/store/selectors-prompts";
import {
  answerSetsFor,
  type FieldAction,
  FORM_SPECS,
  type PropertySpec,
  schemaOf,
} from "./form-arbitraries";
import { connectForms, SESSION_KEY } from "./support";

const RUNS = 2_000;
const SEED = Number(process.env.MCP_PROPERTY_SEED ?? Math.floor(Math.random() * 2 ** 31));

type Forms = Awaited<ReturnType<typeof connectForms>>;

/** Lets the in-memory transport and the store's microtasks run. */
async function turns(until: () => boolean, limit = 200): Promise<void> {
  for (let turn = 0; turn < limit && !until(); turn += 1)
    await new Promise((resolve) => setImmediate(resolve));
  if (!until()) throw new Error("the form never arrived or never ended");
}

/** Does `action` to one field through the store's own actions, as the dock's controls do. */
function act(forms: Forms, promptId: string, question: Question, action: FieldAction): void {
  const store = forms.store.getState();
  const id = question.questionId;
  const labels = question.options.map((option) => option.label);
  const selected = () => selectQuestionDraft(forms.store.getState(), promptId, id).selected;
  switch (action.kind) {
    case "leave":
      return;
    case "type":
      store.setOtherText(promptId, id, action.text);
      return;
    case "pick": {
      const label = action.index === null ? undefined : labels[action.index % labels.length];
      if (label !== undefined) store.chooseOption(promptId, id, label);
      else for (const chosen of selected()) store.toggleOption(promptId, id, chosen);
      return;
    }
    case "picks": {
      const wanted = new Set(action.indexes.map((index) => labels[index % labels.length]));
      for (const label of labels)
        if (wanted.has(label) !== selected().includes(label))
          store.toggleOption(promptId, id, label);
      return;
    }
  }
}

/**
 * Answers the form with each answer set in turn, handing `compare` the content each would send
 * and the dock's verdict on it; then sends the last one (the server validates it) or skips it.
 */
async function answerAndSend(
  forms: Forms,
  promptId: string,
  properties: FormProperty[],
  names: readonly string[],
  answerSets: FieldAction[][],
  compare: (content: unknown, dock: boolean) => void,
  result: Promise<ElicitResult>,
): Promise<void> {
  let content: unknown = null;
  let dock = false;
  for (const answers of answerSets) {
    const entry = forms.store.getState().prompts.get(promptId);
    if (entry === undefined) throw new Error("the form is gone");
    // Questions follow the schema's key order (integer-like names first), actions the specs'.
    for (const { name, question } of properties) {
      const action = answers[names.indexOf(name)];
      if (action !== undefined) act(forms, promptId, question, action);
    }
    const state = forms.store.getState();
    const sent = formContentOf(
      properties,
      draftToAnswers(entry.record, state.drafts.get(promptId)),
    );
    content = JSON.parse(JSON.stringify(sent));
    dock = selectCanSubmit(state, promptId);
    compare(content, dock);
  }
  const before = forms.accepted().length;
  const state = forms.store.getState();
  await (dock ? state.submit(promptId) : state.skip(promptId));
  const outcome = await Promise.race([
    result,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error("the server never heard back")), 5_000),
    ),
  ]);
  expect(outcome.action).toBe(dock ? "accept" : "decline");
  if (!dock) return;
  const wire = JSON.parse(forms.accepted()[before] ?? "{}") as { result?: { content?: unknown } };
  expect(wire.result?.content).toEqual(content);
}

describe("given generated MCP forms and answers", () => {
  it(`should let Submit send exactly what the SDK's validator accepts (${RUNS} forms)`, async () => {
    const started = Date.now();
    // The server's own validator: its verdicts are the ones compared, and it checks what is sent.
    const validator = new AjvJsonSchemaValidator();
    const forms = await connectForms({ validator });
    const tally = { forms: 0, answers: 0, accepted: 0, refused: 0, disagreements: 0 };
    const seen = new Set<string>();
    console.log(`validator agreement: seed ${SEED} (replay with MCP_PROPERTY_SEED=${SEED})`);
    const property = fc.asyncProperty(
      FORM_SPECS.chain((specs) => fc.tuple(fc.constant(specs), answerSetsFor(specs))),
      async ([specs, answerSets]: [PropertySpec[], FieldAction[][]]) => {
        const schema = schemaOf(specs);
        const reading = readFormSchema(schema);
        if (!reading.ok) throw new Error(`a generated schema was refused: ${reading.reasons}`);
        const verdictOf = validator.getValidator(schema as never);
        const result = forms.elicit(schema);
        const pending = () =>
          selectPendingPrompts(forms.store.getState(), { sessionKey: SESSION_KEY }).find(
            (entry) => !seen.has(entry.id),
          );
        await turns(() => pending() !== undefined);
        const promptId = pending()?.id ?? "";
        seen.add(promptId);
        tally.forms += 1;
        try {
          await answerAndSend(
            forms,
            promptId,
            reading.properties,
            specs.map((spec) => spec.name),
            answerSets,
            (content, dock) => {
              const server = verdictOf(content).valid;
              tally.answers += 1;
              tally[dock ? "accepted" : "refused"] += 1;
              if (dock !== server) tally.disagreements += 1;
              expect(
                { dock, server, schema, content },
                `the dock ${dock ? "sends" : "refuses"} what the validator ${server ? "accepts" : "refuses"}`,
              ).toEqual({ dock: server, server, schema, content });
            },
            result,
          );
        } finally {
          // A failed run leaves no form waiting for the next one.
          if (forms.store.getState().prompts.get(promptId)?.status === "pending") {
            await forms.store.getState().skip(promptId);
            await result.catch(() => undefined);
          }
        }
      },
    );
    // No shrinking: each run is a real round trip, and the seed replays a failure anyway.
    await fc.assert(property, { numRuns: RUNS, seed: SEED, endOnFailure: true });
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(
      `validator agreement: ${tally.forms} schemas, ${tally.answers} answers (${tally.accepted} sendable, ${tally.refused} refused), ${tally.disagreements} disagreements, seed ${SEED}, ${seconds} s`,
    );
    expect(tally.forms).toBeGreaterThanOrEqual(RUNS);
    expect(tally.disagreements).toBe(0);
  }, 120_000);
});
