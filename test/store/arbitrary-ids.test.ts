import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { QUESTION_ID_PATTERN } from "../../src/protocol/constants";
import type { Question, QuestionRecord } from "../../src/protocol/types";
import type { QuestionAction } from "../../src/store/actions";
import { createInitialState } from "../../src/store/initial-state";
import { summarizePrompt } from "../../src/store/prompt-summary";
import { entryOfRecord } from "../../src/store/record-entry";
import { reduceQuestionBatch } from "../../src/store/reducer";
import {
  selectCanSubmit,
  selectQuestionDraft,
  selectQuestionValue,
  selectStepStates,
} from "../../src/store/selectors-drafts";
import { selectPendingPrompts, selectPrompt } from "../../src/store/selectors-prompts";
import { selectTimelineItems } from "../../src/store/selectors-timeline";
import { openPage } from "./support/page";
import { makeRecord, START_MS } from "./support/records";

// Names an attacker or a model may pick because they collide with what every object inherits.
const INHERITED_NAMES = [
  "constructor",
  "__proto__",
  "toString",
  "hasOwnProperty",
  "valueOf",
  "isPrototypeOf",
  "__defineGetter__",
  "toLocaleString",
  "prototype",
  "length",
  "then",
];

const promptIdArb = fc.oneof(
  fc.constantFrom(...INHERITED_NAMES),
  fc.string({ minLength: 1, maxLength: 20 }),
  fc.string({ unit: "grapheme", minLength: 1, maxLength: 8 }),
);

const questionIdArb = fc.oneof(
  fc.constantFrom(...INHERITED_NAMES.filter((name) => QUESTION_ID_PATTERN.test(name))),
  fc.stringMatching(QUESTION_ID_PATTERN).filter((id) => id.length <= 24),
);

function question(questionId: string): Question {
  return {
    questionId,
    header: "Pick",
    question: `Which one for ${questionId}?`,
    options: [{ label: "Alpha" }, { label: "Beta" }],
    isOther: true,
  };
}

function recordWith(id: string, questionIds: readonly string[]): QuestionRecord {
  return makeRecord({ id, questions: questionIds.map(question) });
}

const requested = (record: QuestionRecord): QuestionAction => ({
  type: "question-requested",
  record,
  atMs: START_MS,
});

const distinctQuestionIds = fc.uniqueArray(questionIdArb, { minLength: 1, maxLength: 3 });

describe("given prompt and question ids that are any string a gateway or model may send", () => {
  it("should show every requested prompt and keep each draft to its own question", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(promptIdArb, { minLength: 1, maxLength: 4 }),
        distinctQuestionIds,
        promptIdArb,
        (promptIds, questionIds, neverAsked) => {
          fc.pre(!promptIds.includes(neverAsked));
          const records = promptIds.map((id) => recordWith(id, questionIds));
          const chosen: QuestionAction[] = promptIds.flatMap((promptId) =>
            questionIds.map((questionId) => ({
              type: "option-chosen" as const,
              promptId,
              questionId,
              label: "Beta",
            })),
          );
          const state = reduceQuestionBatch(createInitialState(START_MS), [
            ...records.map(requested),
            ...chosen,
          ]);

          expect(selectPendingPrompts(state, { sessionKey: "main" }).map((e) => e.id)).toEqual(
            promptIds,
          );
          expect(selectPrompt(state, neverAsked)).toBeUndefined();
          for (const promptId of promptIds) {
            expect(selectPrompt(state, promptId)?.status).toBe("pending");
            expect(selectCanSubmit(state, promptId)).toBe(true);
            expect(selectStepStates(state, promptId)).toEqual(
              questionIds.map((_, index) => (index === 0 ? "current" : "complete")),
            );
            for (const questionId of questionIds) {
              expect(selectQuestionValue(state, promptId, questionId)).toEqual(["Beta"]);
            }
            expect(selectQuestionDraft(state, promptId, "not_asked")).toEqual({
              selected: [],
              otherText: "",
            });
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it("should read untouched questions as empty, never as something every object inherits", () => {
    fc.assert(
      fc.property(promptIdArb, distinctQuestionIds, (promptId, questionIds) => {
        const state = reduceQuestionBatch(createInitialState(START_MS), [
          requested(recordWith(promptId, questionIds)),
        ]);
        expect(selectCanSubmit(state, promptId)).toBe(false);
        for (const questionId of questionIds) {
          expect(selectQuestionValue(state, promptId, questionId)).toEqual([]);
        }
        for (const name of INHERITED_NAMES) {
          expect(selectQuestionValue(state, name, questionIds[0] ?? "x")).toEqual([]);
          expect(selectQuestionDraft(state, promptId, name)).toEqual({
            selected: [],
            otherText: "",
          });
        }
      }),
      { numRuns: 200 },
    );
  });

  it("should settle each prompt by its own resolution and summarize each question's own answer", () => {
    fc.assert(
      fc.property(promptIdArb, distinctQuestionIds, fc.boolean(), (promptId, questionIds, all) => {
        const answered = all ? questionIds : questionIds.slice(1);
        const answers = {
          answers: Object.fromEntries(answered.map((id) => [id, [`answer for ${id}`]])),
        };
        const state = reduceQuestionBatch(createInitialState(START_MS), [
          requested(recordWith(promptId, questionIds)),
          {
            type: "question-resolved",
            event: { id: promptId, status: "answered", answers },
            atMs: START_MS + 5,
          },
        ]);
        const entry = selectPrompt(state, promptId);
        expect(entry?.status).toBe("answered");
        expect(selectTimelineItems(state, { sessionKey: "main" }).map((i) => i.promptId)).toEqual([
          promptId,
        ]);
        const summary = summarizePrompt(entryOfRecord(recordWith(promptId, questionIds)));
        expect(summary.lines.map((line) => line.questionId)).toEqual(questionIds);
        const answeredSummary = summarizePrompt({
          ...entryOfRecord({ ...recordWith(promptId, questionIds), status: "answered", answers }),
          answeredElsewhere: true,
        });
        for (const line of answeredSummary.lines) {
          expect(line.answer).toEqual(
            answered.includes(line.questionId) ? [`answer for ${line.questionId}`] : null,
          );
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe("given a page reload with drafts for any ids", () => {
  it("should restore each typed draft to its own question, and the restored page keeps working", async () => {
    await fc.assert(
      fc.asyncProperty(promptIdArb, distinctQuestionIds, async (promptId, questionIds) => {
        const storage = new Map<string, string>();
        const sessionStorage = {
          getItem: (key: string) => storage.get(key) ?? null,
          setItem: (key: string, value: string) => void storage.set(key, value),
          removeItem: (key: string) => void storage.delete(key),
        };
        const record = recordWith(promptId, questionIds);
        const first = await openPage(sessionStorage, [record]);
        for (const questionId of questionIds) {
          first.store.getState().setOtherText(promptId, questionId, `typed ${questionId}`);
        }
        first.store.getState().stop();

        const second = await openPage(sessionStorage, [record]);
        const state = second.store.getState();
        expect(selectPrompt(state, promptId)?.status).toBe("pending");
        for (const questionId of questionIds) {
          expect(selectQuestionValue(state, promptId, questionId)).toEqual([`typed ${questionId}`]);
        }
        second.store.getState().chooseOption(promptId, questionIds[0] ?? "", "Alpha");
        expect(
          selectQuestionValue(second.store.getState(), promptId, questionIds[0] ?? ""),
        ).toEqual(["Alpha"]);
        second.store.getState().stop();
      }),
      { numRuns: 60 },
    );
  });
});
