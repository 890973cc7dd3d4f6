import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { displayText } from "../../src/protocol/display-text";
import type { Question, QuestionAnswers } from "../../src/protocol/types";
import { QuestionCard } from "../../src/react/card/question-card";
import { QuestionDock } from "../../src/react/dock/question-dock";
import { ar } from "../../src/react/i18n/ar";
import { OutcomeNotice } from "../../src/react/notice/outcome-notice";
import { QuestionBar } from "../../src/react/question-bar";
import { AnswerSummary } from "../../src/react/summary/answer-summary";
import { entryOfRecord } from "../../src/store/record-entry";
import { scopeKey } from "../../src/store/scope";
import {
  FIXTURE_AGENT_ID,
  FIXTURE_SESSION_KEY,
  makeQuestionRecord,
} from "../../src/testing/fixtures";
import { renderWithStore } from "./support";

// Every text below comes from the agent or the user, in any direction; some carry an override
// (U+202E) that, left unisolated, reverses the rest of its line. It is shown without it.
const TEXT = {
  "first header": "\u202Etxt.exe",
  "second header": "\u05E9\u05DD",
  "first question": "Where should I deploy \u05D0\u05EA \u05D6\u05D4?",
  "second question":
    "\u0645\u0627 \u0627\u0633\u0645 \u0627\u0644\u0625\u0635\u062F\u0627\u0631\u061F",
  "first label": "Staging \u05D1\u05D3\u05D9\u05E7\u05D4",
  "second label": "\u202EProduction",
  "first description": "Safe \u05D1\u05E8\u05D9\u05E8\u05EA \u05DE\u05D7\u05D3\u05DC",
  "second description": "Live \u202Etraffic",
  "first answer": "\u202EProduction",
  "second answer": "\u05D2\u05E8\u05E1\u05D4 2.0",
  "first unsent": "Staging \u202Eafter 18:00",
  "second unsent": "\u05D2\u05E8\u05E1\u05D4 3.0",
} as const;
type TextName = keyof typeof TEXT;

const questions: Question[] = [
  {
    questionId: "target",
    header: TEXT["first header"],
    question: TEXT["first question"],
    options: [
      { label: TEXT["first label"], description: TEXT["first description"] },
      { label: TEXT["second label"], description: TEXT["second description"] },
    ],
    isOther: true,
  },
  {
    questionId: "name",
    header: TEXT["second header"],
    question: TEXT["second question"],
    options: [],
    isOther: true,
  },
];
const record = makeQuestionRecord(questions, { id: "ask_000000000000000000000000000c0001" });
const ANSWERS: QuestionAnswers = {
  answers: { target: [TEXT["first answer"]], name: [TEXT["second answer"]] },
};
const UNSENT: QuestionAnswers = {
  answers: { target: [TEXT["first unsent"]], name: [TEXT["second unsent"]] },
};
const answeredRecord = { ...record, status: "answered" as const, answers: ANSWERS };
const expiredRecord = { ...record, status: "expired" as const };
const SESSION = scopeKey({ sessionKey: FIXTURE_SESSION_KEY, agentId: FIXTURE_AGENT_ID });

const ISOLATED = '<bdi dir="auto">';

/** The element that decides the direction of each place `text` is shown, and whether it holds only that text. */
function isolationOf(container: HTMLElement, text: string): string[] {
  const walker = document.createTreeWalker(container, NodeFilter.SHOW_TEXT);
  const found: string[] = [];
  for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
    if (node.textContent !== text) continue;
    const isolate = node.parentElement?.closest("bdi, [dir]");
    if (isolate === null || isolate === undefined) {
      found.push("no element with a direction");
      continue;
    }
    const dir = isolate.getAttribute("dir");
    const alone = isolate.textContent === text ? "" : " shared with other text";
    found.push(`<${isolate.localName}${dir === null ? "" : ` dir="${dir}"`}>${alone}`);
  }
  return found;
}

/** Each named text is shown, and everywhere it is shown it sits alone in `<bdi dir="auto">`. */
function expectIsolated(container: HTMLElement, names: TextName[]) {
  const actual = Object.fromEntries(
    names.map((name) => [name, isolationOf(container, displayText(TEXT[name]))]),
  );
  const expected = Object.fromEntries(
    names.map((name) => [name, (actual[name]?.length ? actual[name] : [""]).map(() => ISOLATED)]),
  );
  expect(actual).toEqual(expected);
}

describe("given a prompt whose texts run in both directions", () => {
  it("should isolate the headers, question, labels and descriptions in the dock", () => {
    const { container } = renderWithStore(<QuestionDock />, { prompts: [record] });
    expectIsolated(container, [
      "first header",
      "second header",
      "first question",
      "first label",
      "second label",
      "first description",
      "second description",
    ]);
  });

  it("should let the dock's free text take the direction of what is typed", async () => {
    const user = userEvent.setup();
    renderWithStore(
      <QuestionDock />,
      {
        prompts: [record],
        drafts: {
          [record.id]: {
            step: 1,
            questions: { target: { selected: [TEXT["first label"]], otherText: "" } },
          },
        },
      },
      ar,
    );
    const field = screen.getByRole("textbox");
    // Empty, it shows the dictionary's placeholder in the dictionary's direction.
    expect(field.closest("[dir]")).toHaveAttribute("dir", "rtl");
    await user.type(field, "v2.0 final");
    expect(field).toHaveValue("v2.0 final");
    expect(field).toHaveAttribute("dir", "auto");
  });

  it("should isolate the header in the slim bar", () => {
    const { container } = renderWithStore(<QuestionBar />, {
      prompts: [record],
      sessions: { [SESSION]: { activePromptId: null, expanded: false } },
    });
    expectIsolated(container, ["first header"]);
  });

  it("should isolate every text of every question in the stacked card, typed ones too", () => {
    const { container } = renderWithStore(<QuestionCard />, {
      prompts: [record],
      drafts: {
        [record.id]: {
          step: 0,
          questions: {
            target: { selected: [], otherText: TEXT["first unsent"] },
            name: { selected: [], otherText: TEXT["second unsent"] },
          },
        },
      },
    });
    expectIsolated(container, [
      "first header",
      "second header",
      "first question",
      "second question",
      "first label",
      "second label",
      "first description",
      "second description",
    ]);
    const fields = screen.getAllByRole("textbox");
    expect(fields.map((field) => (field as HTMLTextAreaElement).value)).toEqual([
      TEXT["first unsent"],
      TEXT["second unsent"],
    ]);
    for (const field of fields) expect(field).toHaveAttribute("dir", "auto");
  });
});

describe("given a prompt with texts in both directions that ended elsewhere", () => {
  it("should isolate each header and answer in the notice of an answer from elsewhere", () => {
    const { container } = renderWithStore(<OutcomeNotice promptId={record.id} />, {
      prompts: [{ record: answeredRecord, answeredElsewhere: true, answers: ANSWERS }],
    });
    expectIsolated(container, ["first header", "second header", "first answer", "second answer"]);
  });

  it("should isolate each header and unsent answer in the notice of an expiry", () => {
    const { container } = renderWithStore(<OutcomeNotice promptId={record.id} />, {
      prompts: [{ record: expiredRecord, unsentAnswers: UNSENT }],
    });
    expectIsolated(container, ["first header", "second header", "first unsent", "second unsent"]);
  });
});

describe("given a resolved record with texts in both directions", () => {
  it("should isolate each question, header and answer in the answer summary", () => {
    const { container } = render(<AnswerSummary record={answeredRecord} />);
    expectIsolated(container, [
      "first question",
      "second question",
      "first header",
      "second header",
      "first answer",
      "second answer",
    ]);
  });

  it("should isolate each header and unsent answer in the summary of an expiry", () => {
    const { container } = render(
      <AnswerSummary entry={{ ...entryOfRecord(expiredRecord), unsentAnswers: UNSENT }} />,
    );
    expectIsolated(container, [
      "first question",
      "second question",
      "first header",
      "second header",
      "first unsent",
      "second unsent",
    ]);
  });
});
