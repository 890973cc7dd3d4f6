import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { AskUserToolPart } from "../../src/ai-sdk/react/index";
import type { ControlUiHost, ControlUiReplacement } from "../../src/openclaw/control-ui-host";
import plugin from "../../src/openclaw/plugin/control-ui";
import type { Question, QuestionAnswers } from "../../src/protocol/types";
import {
  arrivalSentences,
  outcomeSentence,
  waitingOutcomeSentence,
} from "../../src/react/announcement-sentences";
import { QuestionCard } from "../../src/react/card/question-card";
import { ComposerDock } from "../../src/react/composer-dock";
import { QuestionDock } from "../../src/react/dock/question-dock";
import { en } from "../../src/react/i18n/en";
import { OutcomeNotice } from "../../src/react/notice/outcome-notice";
import { QuestionBar } from "../../src/react/question-bar";
import { useReplyTarget } from "../../src/react/reply/use-reply-target";
import { AnswerSummary } from "../../src/react/summary/answer-summary";
import { createEntry } from "../../src/store/outcomes";
import { entryOfRecord } from "../../src/store/record-entry";
import { scopeKey } from "../../src/store/scope";
import type { QuestionStore } from "../../src/store/types";
import {
  FIXTURE_AGENT_ID,
  FIXTURE_NOW_MS,
  FIXTURE_SESSION_KEY,
  makeQuestionRecord,
} from "../../src/testing/fixtures";
import { createFixtureStore, type FixturePrompt } from "../../stories/support/fixture-store";
import { renderWithStore } from "./support";

const CONTROL = /[\u202A-\u202E\u2066-\u2069]/u;

// Agent texts with every explicit direction control inside, and how each must read on screen.
const HEADER = "\u202Etxt.exe";
const SECOND_HEADER = "Na\u2067me\u2069";
const QUESTION = "Which file \u202Bshould\u202C I \u202Dopen\u202C?";
const SECOND_QUESTION = "\u2068\u05E9\u05DD\u2069 of the \u202Arelease\u202C?";
const LABEL = "Open \u202Egnp.exe";
const SECOND_LABEL = "\u2066Keep\u2069 both";
const DESCRIPTION = "Live \u202Etraffic";
const SECOND_DESCRIPTION = "\u2067\u05D1\u05D3\u05D9\u05E7\u05D4\u2069 first";
const OWN_ANSWER = "v\u202E2.0";

const questions: Question[] = [
  {
    questionId: "file",
    header: HEADER,
    question: QUESTION,
    options: [
      { label: LABEL, description: DESCRIPTION },
      { label: SECOND_LABEL, description: SECOND_DESCRIPTION },
    ],
    isOther: true,
  },
  {
    questionId: "name",
    header: SECOND_HEADER,
    question: SECOND_QUESTION,
    options: [],
    isOther: true,
  },
];
const record = makeQuestionRecord(questions, { id: "ask_000000000000000000000000000d0001" });
const ANSWERS: QuestionAnswers = { answers: { file: [LABEL], name: [OWN_ANSWER] } };
const answered = { ...record, status: "answered" as const, answers: ANSWERS };
const expired = { ...record, status: "expired" as const };
const SHOWN = {
  header: "txt.exe",
  secondHeader: "Name",
  question: "Which file should I open?",
  secondQuestion: "\u05E9\u05DD of the release?",
  label: "Open gnp.exe",
  secondLabel: "Keep both",
  description: "Live traffic",
  secondDescription: "\u05D1\u05D3\u05D9\u05E7\u05D4 first",
  ownAnswer: "v2.0",
};
const COLLAPSED = {
  [scopeKey({ sessionKey: FIXTURE_SESSION_KEY, agentId: FIXTURE_AGENT_ID })]: {
    activePromptId: null,
    expanded: false,
  },
};

/** A host composer that takes the kit's placeholder. */
function HostComposer() {
  const target = useReplyTarget();
  return <textarea aria-label="Message" placeholder={target?.placeholder} />;
}

/** What an element shows or names: its text, and the accessible names and placeholders inside. */
function shownText(element: Element): string {
  const attributes = [...element.querySelectorAll("[aria-label], [placeholder]")].flatMap(
    (node) => [node.getAttribute("aria-label") ?? "", node.getAttribute("placeholder") ?? ""],
  );
  return [element.textContent ?? "", ...attributes].join("\n");
}

/** No direction control is shown, and each expected text reads in the order it was written. */
function expectShown(element: Element, expected: string[]) {
  const text = shownText(element);
  expect(text).not.toMatch(CONTROL);
  for (const part of expected) expect(text).toContain(part);
}

describe("given a prompt whose agent texts hold direction controls", () => {
  it("should show none in the dock: header chips, question, options, descriptions, Other", () => {
    const { container } = renderWithStore(<QuestionDock />, { prompts: [record] });
    expectShown(container, [
      SHOWN.header,
      SHOWN.secondHeader,
      SHOWN.question,
      SHOWN.label,
      SHOWN.secondLabel,
      SHOWN.description,
      SHOWN.secondDescription,
      `Your own answer for ${SHOWN.header}`,
    ]);
    expect(screen.getByRole("radio", { name: SHOWN.label })).toBeInTheDocument();
  });

  it("should show none in an answered step's chip or the next question", () => {
    const { container } = renderWithStore(<QuestionDock />, {
      prompts: [record],
      drafts: {
        [record.id]: { step: 1, questions: { file: { selected: [LABEL], otherText: "" } } },
      },
    });
    expectShown(container, [`${SHOWN.header}, answered`, SHOWN.secondQuestion]);
  });

  it("should answer with the option label as the agent wrote it", async () => {
    const user = userEvent.setup();
    const { api } = renderWithStore(<QuestionDock />, {
      prompts: [record],
      drafts: { [record.id]: { step: 1, questions: { name: { selected: [], otherText: "x" } } } },
    });
    await user.click(screen.getByRole("button", { name: SHOWN.header }));
    await user.click(screen.getByRole("radio", { name: SHOWN.label }));
    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(api.calls[0]?.answers).toEqual({ answers: { file: [LABEL], name: ["x"] } });
  });

  it("should show none in the slim bar", () => {
    const { container } = renderWithStore(<QuestionBar />, {
      prompts: [record],
      sessions: COLLAPSED,
    });
    expectShown(container, [SHOWN.header]);
  });

  it("should show none in the stacked card", () => {
    const { container } = renderWithStore(<QuestionCard />, { prompts: [record] });
    expectShown(container, [
      SHOWN.header,
      SHOWN.secondHeader,
      SHOWN.question,
      SHOWN.secondQuestion,
      SHOWN.label,
      SHOWN.secondLabel,
      SHOWN.description,
      SHOWN.secondDescription,
    ]);
  });

  it("should show none in the reply hint or the composer's placeholder", () => {
    const { container } = renderWithStore(<ComposerDock composer={<HostComposer />} />, {
      prompts: [record],
      sessions: COLLAPSED,
    });
    expectShown(container, [`answers “${SHOWN.header}”`]);
  });
});

describe("given an ended prompt whose agent texts and answers hold direction controls", () => {
  it("should show none in the notice of an answer from elsewhere", () => {
    const { container } = renderWithStore(<OutcomeNotice promptId={record.id} />, {
      prompts: [{ record: answered, answeredElsewhere: true, answers: ANSWERS }],
    });
    expectShown(container, [
      `${SHOWN.header}: ${SHOWN.label}`,
      `${SHOWN.secondHeader}: ${SHOWN.ownAnswer}`,
    ]);
  });

  it("should show none in the notice of an expiry that kept the unsent answers", () => {
    const { container } = renderWithStore(<OutcomeNotice promptId={record.id} />, {
      prompts: [{ record: expired, unsentAnswers: ANSWERS }],
    });
    expectShown(container, [`“${SHOWN.header}” and “${SHOWN.secondHeader}”`, SHOWN.label]);
  });

  it("should show none in the answer summary, the user's answers included", () => {
    const { container } = render(<AnswerSummary record={answered} />);
    expectShown(container, [
      SHOWN.question,
      SHOWN.secondQuestion,
      `${SHOWN.header}: ${SHOWN.label}`,
      `${SHOWN.secondHeader}: ${SHOWN.ownAnswer}`,
    ]);
  });

  it("should show none in the summary of an expiry", () => {
    const { container } = render(<AnswerSummary entry={entryOfRecord(expired)} />);
    expectShown(container, [`“${SHOWN.header}” and “${SHOWN.secondHeader}”`]);
  });

  it("should show none at an AI SDK tool part", () => {
    const { container } = renderWithStore(
      <AskUserToolPart
        part={{
          type: "tool-ask_user",
          toolCallId: "call_1",
          state: "output-available",
          input: {
            questions: [
              { id: "file", header: HEADER, question: QUESTION, options: questions[0]?.options },
            ],
          },
          output: { status: "answered", answers: { file: [LABEL] } },
        }}
      />,
      { prompts: [] },
    );
    expectShown(container, [SHOWN.question, `${SHOWN.header}: ${SHOWN.label}`]);
  });
});

describe("given the screen reader announcements about such a prompt", () => {
  const stateOf = (prompts: FixturePrompt[]): QuestionStore =>
    createFixtureStore({ prompts }).store.getState();

  it("should say none when it arrives, waits or is one minute from its end", () => {
    const { store } = renderWithStore(
      <ComposerDock composer={<textarea aria-label="Message" />} />,
      { prompts: [record], sessions: COLLAPSED },
    );
    act(() => store.setState({ nowMs: FIXTURE_NOW_MS + 840_500 }));
    expectShown(screen.getByRole("status"), [`One minute left to answer: ${SHOWN.header}`]);

    const other = { ...record, id: "ask_000000000000000000000000000d0002" };
    const entries = [record, other].map(createEntry);
    const ids = new Set(entries.map((entry) => entry.id));
    const arrivals = arrivalSentences(entries, ids, record.id, en).join("\n");
    expect(arrivals).not.toMatch(CONTROL);
    expect(arrivals).toContain(`New question: ${SHOWN.question}`);
    expect(arrivals).toContain(`Another request is waiting: ${SHOWN.question}`);
    const third = { ...record, id: "ask_000000000000000000000000000d0003" };
    const waiting = arrivalSentences([record, other, third].map(createEntry), ids, null, en);
    expect(waiting.join("\n")).not.toMatch(CONTROL);
    expect(waiting.join("\n")).toContain(`${SHOWN.header} and ${SHOWN.header}`);
  });

  it("should say none when a question is answered elsewhere or a waiting one expires", () => {
    const waitingId = "ask_000000000000000000000000000d0004";
    const state = stateOf([
      { record: answered, answeredElsewhere: true, answers: ANSWERS },
      { record: { ...expired, id: waitingId } },
    ]);
    const outcome = outcomeSentence(state, record.id, en);
    expect(outcome).not.toMatch(CONTROL);
    expect(outcome).toContain(`${SHOWN.header}: ${SHOWN.label}`);
    expect(outcome).toContain(`${SHOWN.secondHeader}: ${SHOWN.ownAnswer}`);
    expect(waitingOutcomeSentence(state, waitingId, en)).toBe(
      `A waiting question expired: ${SHOWN.header}`,
    );
  });
});

describe("given the OpenClaw Control UI plugin and an ask_user tool result", () => {
  it("should show none in the summary it puts in place of the tool result", async () => {
    const replacements: ControlUiReplacement[] = [];
    const controller = new AbortController();
    const host: ControlUiHost = {
      ui: {
        registerReplacement: (replacement) => {
          replacements.push(replacement);
          return () => {};
        },
        selectReplacement: () => {},
      },
      signal: controller.signal,
      locale: "en",
      connection: { connected: false, canRead: true, canWrite: true, canAdmin: false },
      request: () => new Promise(() => {}),
      onEvent: () => () => {},
      subscribe: () => () => {},
    };
    plugin.activate(host);
    const toolResult = replacements.find((replacement) => replacement.surface === "tool-result");
    if (toolResult?.surface !== "tool-result") throw new Error("no tool-result replacement");
    const container = document.createElement("div");
    document.body.append(container);
    let handle: ReturnType<typeof toolResult.mount> | undefined;
    await act(async () => {
      handle = toolResult.mount(container, {
        host,
        signal: controller.signal,
        presented: true,
        mountDefault: () => () => {},
        props: {
          sessionKey: FIXTURE_SESSION_KEY,
          toolName: "ask_user",
          toolCallId: "call_1",
          input: {
            questions: [
              { id: "file", header: HEADER, question: QUESTION, options: questions[0]?.options },
            ],
          },
          output: {
            completed: true,
            text: "",
            details: { status: "answered", answers: { file: [LABEL] } },
          },
        },
      });
    });
    expectShown(container, [SHOWN.question, `${SHOWN.header}: ${SHOWN.label}`]);
    act(() => handle?.dispose?.());
    controller.abort();
    container.remove();
  });
});
