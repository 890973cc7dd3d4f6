import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { de } from "../../src/react/i18n/de";
import { AnswerSummary } from "../../src/react/summary/answer-summary";
import { useTimelineItems } from "../../src/react/use-timeline-items";
import { entryOfRecord } from "../../src/store/record-entry";
import type { PromptEntry } from "../../src/store/types";
import {
  answeredThreeStepRecord,
  cancelledRecord,
  expiredRecord,
  secretRecord,
  singleChoiceRecord,
} from "../../src/testing/fixtures";
import { renderWithStore, unconfirmedEntry } from "./support";

/** The summary's `Header: answer` line of the question with this header. */
const answerLine = (header: string) =>
  screen
    .getAllByText(header)
    .map((element) => element.closest("p"))
    .find((line) => line?.classList.contains("ask-summary__answer"));

describe("given an answered record and no provider", () => {
  it("should show every full question and `Header: answers`", () => {
    render(<AnswerSummary record={answeredThreeStepRecord} />);
    expect(screen.getByText("Which checks should run before deploying?")).toBeInTheDocument();
    expect(answerLine("Checks")).toHaveTextContent("Checks: Tests, Lint");
    expect(answerLine("Target")).toHaveTextContent("Target: Staging (Recommended)");
  });
});

describe("given a form field whose question is its title (no description)", () => {
  it("should say the title once: `Target: Production`, not the title again above it", () => {
    const [first] = answeredThreeStepRecord.questions;
    if (first === undefined) throw new Error("fixture has no question");
    const record = {
      ...answeredThreeStepRecord,
      questions: [{ ...first, header: "Target", question: "Target" }],
      answers: { answers: { [first.questionId]: ["Production"] } },
    };
    const { container } = render(<AnswerSummary record={record} />);
    expect(container.querySelectorAll(".ask-summary__question")).toHaveLength(0);
    expect(answerLine("Target")).toHaveTextContent("Target: Production");
  });
});

describe("given a resolved record of each other kind", () => {
  it("should say the user skipped a cancelled record, with no answer", () => {
    const { container } = render(<AnswerSummary record={cancelledRecord} />);
    expect(container.firstElementChild).toHaveAttribute("data-status", "skipped");
    expect(container).toHaveTextContent("You skipped “Target”.");
    expect(answerLine("Target")).toHaveTextContent("Target: (no answer)");
  });

  it("should say it expired and show the unsent draft", () => {
    const entry: PromptEntry = {
      ...entryOfRecord(expiredRecord),
      unsentAnswers: { answers: { deploy_target: ["Production after 18:00"] } },
    };
    const { container } = render(<AnswerSummary entry={entry} />);
    expect(container).toHaveTextContent("“Target” expired.");
    expect(screen.getByText("Production after 18:00")).toBeInTheDocument();
  });

  it("should say the gateway no longer has a question whose record still says pending", () => {
    const { container } = render(<AnswerSummary record={singleChoiceRecord} />);
    expect(container.firstElementChild).toHaveAttribute("data-status", "unavailable");
    expect(container).toHaveTextContent("The gateway no longer has “Target”");
  });

  it("should say an answer sent to a question the gateway then lost was not confirmed, never unsent", () => {
    const entry = unconfirmedEntry(singleChoiceRecord);
    const { container } = render(<AnswerSummary entry={entry} />);
    expect(container).toHaveTextContent(
      "We could not confirm whether your answer to “Target” arrived",
    );
    expect(container).toHaveTextContent("Target: Production");
    expect(container).not.toHaveTextContent(/unsent/);
  });

  it("should say Answered elsewhere and still show the answer", () => {
    const record = {
      ...singleChoiceRecord,
      status: "answered" as const,
      answers: { answers: { deploy_target: ["Production"] } },
    };
    render(<AnswerSummary entry={{ ...entryOfRecord(record), answeredElsewhere: true }} />);
    expect(screen.getByText("Answered elsewhere")).toBeInTheDocument();
    expect(screen.getByText("Production")).toBeInTheDocument();
  });

  it("should never show a secret answer", () => {
    const record = {
      ...secretRecord,
      status: "answered" as const,
      answers: { answers: { api_key: ["sk-live-1234"] } },
    };
    render(<AnswerSummary record={record} />);
    expect(screen.queryByText(/sk-live/)).not.toBeInTheDocument();
    expect(screen.getByText("Hidden")).toBeInTheDocument();
  });

  it("should use a dictionary passed as a prop", () => {
    const { container } = render(<AnswerSummary record={cancelledRecord} dictionary={de} />);
    expect(container.firstElementChild).toHaveAttribute("lang", "de");
    expect(answerLine("Target")).toHaveTextContent("Target: (keine Antwort)");
  });
});

function Timeline() {
  const items = useTimelineItems();
  return (
    <>
      {items.map((item) => (
        <AnswerSummary key={item.promptId} entry={item.entry} />
      ))}
    </>
  );
}

describe("given ended prompts in the store", () => {
  it("should list them for the timeline and summarize a locally expired one as Expired", () => {
    renderWithStore(<Timeline />, {
      prompts: [
        {
          record: singleChoiceRecord,
          status: "expired",
          unsentAnswers: { answers: { deploy_target: ["Production"] } },
        },
      ],
    });
    expect(screen.getByRole("article")).toHaveAttribute("data-status", "expired");
    expect(screen.getByText("Production")).toBeInTheDocument();
  });
});

describe("given a timeline entry whose record is older than the entry", () => {
  const entryOf = (status: PromptEntry["status"], answers: PromptEntry["answers"] = null) => ({
    id: singleChoiceRecord.id,
    record: singleChoiceRecord,
    status,
    answeredElsewhere: false,
    answers,
    sent: null,
    unsentAnswers: null,
    outcomeAtMs: null,
    error: null,
  });

  it("should summarize the entry's answer, not the record's pending state", () => {
    const entry = entryOf("answered", { answers: { deploy_target: ["Production"] } });
    render(<AnswerSummary entry={entry} />);
    expect(answerLine("Target")).toHaveTextContent("Target: Production");
  });

  it("should say skipped for a cancelled entry and expired for an expired one", () => {
    const { unmount } = render(<AnswerSummary entry={entryOf("cancelled")} />);
    expect(screen.getByRole("article")).toHaveAttribute("data-status", "skipped");
    unmount();
    render(<AnswerSummary entry={entryOf("expired")} />);
    expect(screen.getByRole("article")).toHaveAttribute("data-status", "expired");
  });
});

describe("given an entry whose source said what became of an answer", () => {
  it("should show that word under the question's answer line", () => {
    const entry = entryOfRecord(answeredThreeStepRecord);
    const [first] = answeredThreeStepRecord.questions;
    const results = [{ questionId: first?.questionId ?? "", text: "It did not run." }];
    render(<AnswerSummary entry={{ ...entry, results }} />);
    const result = screen.getByText("It did not run.").closest("p");
    expect(result).toHaveClass("ask-summary__result");
    expect(result?.previousElementSibling).toHaveClass("ask-summary__answer");
  });
});
