import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { QuestionRecord } from "../../src/protocol/types";
import { QuestionCard } from "../../src/react/card/question-card";
import { ComposerDock } from "../../src/react/composer-dock";
import { AnswerSummary } from "../../src/react/summary/answer-summary";
import { useTimelineItems } from "../../src/react/use-timeline-items";
import {
  asyncQuestionRecord,
  FIXTURE_NOW_MS,
  singleChoiceRecord,
} from "../../src/testing/fixtures";
import { renderWithStore } from "./support";

const composer = <textarea aria-label="Message" />;
const OPTIONAL = "Optional question · work can continue";

function Timeline() {
  return useTimelineItems().map((item) => <AnswerSummary key={item.promptId} entry={item.entry} />);
}

/** The dock and the timeline's summaries over a store holding `record`. */
function renderWithTimeline(record: QuestionRecord) {
  return renderWithStore(
    <>
      <Timeline />
      <ComposerDock composer={composer} />
    </>,
    { prompts: [record] },
  );
}

describe("given an OpenClaw async question waiting", () => {
  it("should show it as optional with its first option chosen, sending that only on Submit", async () => {
    const user = userEvent.setup();
    const { api } = renderWithStore(<ComposerDock composer={composer} />, {
      prompts: [asyncQuestionRecord],
    });
    api.settle = "ok";
    expect(await screen.findByRole("region", { name: OPTIONAL })).toBeInTheDocument();
    expect(screen.getByRole("radio", { name: /Postgres/ })).toBeChecked();
    expect(api.calls).toEqual([]);
    await user.click(screen.getByRole("button", { name: "Next" }));
    await user.type(screen.getByRole("textbox", { name: /Anything else/ }), "Use UTC");
    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(api.calls).toEqual([
      {
        method: "resolve",
        id: asyncQuestionRecord.id,
        answers: { answers: { q1: ["Postgres"], q2: ["Use UTC"] } },
      },
    ]);
  });

  it("should dismiss it at once, and bring it back from its summary's Answer button", async () => {
    const user = userEvent.setup();
    const { api } = renderWithTimeline(asyncQuestionRecord);
    api.settle = "ok";
    await user.click(await screen.findByRole("button", { name: "Dismiss" }));
    expect(api.calls.map((call) => call.method)).toEqual(["cancel"]);
    expect((await screen.findAllByText(/You dismissed/)).length).toBeGreaterThan(0);
    expect(screen.queryByRole("region", { name: OPTIONAL })).toBeNull();
    await user.click(screen.getByRole("button", { name: "Answer" }));
    expect(await screen.findByRole("region", { name: OPTIONAL })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Answer" })).toBeNull();
    expect(screen.getByRole("radio", { name: /Postgres/ })).toBeChecked();
  });

  it("should give the dock to a question the agent waits on that arrives after it", async () => {
    const blocking = { ...singleChoiceRecord, createdAtMs: FIXTURE_NOW_MS + 1 };
    renderWithStore(<ComposerDock composer={composer} />, {
      prompts: [asyncQuestionRecord, blocking],
    });
    expect(
      await screen.findByRole("group", { name: blocking.questions[0]?.question ?? "" }),
    ).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: OPTIONAL })).toBeNull();
  });

  it("should show its answer in the timeline while it is being sent, saying so", async () => {
    const user = userEvent.setup();
    renderWithTimeline(asyncQuestionRecord);
    await user.click(await screen.findByRole("button", { name: "Next" }));
    await user.type(screen.getByRole("textbox", { name: /Anything else/ }), "Use UTC");
    await user.click(screen.getByRole("button", { name: "Submit" }));
    const summary = await screen.findByRole("article");
    expect(summary).toHaveAttribute("data-status", "sending");
    expect(summary).toHaveTextContent("Sending your answer…");
    expect(summary).toHaveTextContent("Postgres");
  });

  it("should say in the timeline that its answer could not be sent, and send it again from there", async () => {
    const user = userEvent.setup();
    const { api } = renderWithTimeline(asyncQuestionRecord);
    api.settle = "fail";
    await user.click(await screen.findByRole("button", { name: "Next" }));
    await user.type(screen.getByRole("textbox", { name: /Anything else/ }), "Use UTC");
    await user.click(screen.getByRole("button", { name: "Submit" }));
    const summary = await screen.findByRole("article");
    await within(summary).findByText(/could not be sent/);
    expect(summary).toHaveAttribute("data-status", "failed");
    expect(summary).toHaveTextContent("Postgres");
    api.settle = "ok";
    await user.click(within(summary).getByRole("button", { name: "Try again" }));
    await screen.findByText(/You answered|Postgres/);
    expect(api.calls.filter((call) => call.method === "resolve")).toHaveLength(2);
    expect(await screen.findByRole("article")).toHaveAttribute("data-status", "answered");
  });

  it("should keep a question the agent waits on out of the timeline while its answer is sent", async () => {
    const user = userEvent.setup();
    renderWithTimeline(singleChoiceRecord);
    await user.click(await screen.findByRole("radio", { name: /Production/ }));
    await user.click(screen.getByRole("button", { name: "Submit" }));
    await screen.findByText("Sending your answer…");
    expect(screen.queryByRole("article")).toBeNull();
  });

  it("should show each question's words once on a phone's card, its header being its question", async () => {
    renderWithStore(<QuestionCard />, { prompts: [asyncQuestionRecord] });
    for (const question of asyncQuestionRecord.questions) {
      const group = await screen.findByRole("group", { name: question.question });
      const card = group.closest(".ask-card__question");
      if (!(card instanceof HTMLElement)) throw new Error("no card question around the group");
      expect(within(card).getAllByText(question.question)).toHaveLength(1);
    }
  });

  it("should still show a header that says more than its question", async () => {
    const [first, second] = asyncQuestionRecord.questions;
    if (first === undefined || second === undefined) throw new Error("fixture changed");
    const record = {
      ...asyncQuestionRecord,
      questions: [{ ...first, header: "Database" }, second],
    };
    renderWithStore(<QuestionCard />, { prompts: [record] });
    expect(await screen.findByText("Database")).toBeInTheDocument();
  });
});
