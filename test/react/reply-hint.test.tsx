import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { ComposerDock } from "../../src/react/composer-dock";
import { de } from "../../src/react/i18n/de";
import { useReplyTarget } from "../../src/react/reply/use-reply-target";
import { AnswerSummary } from "../../src/react/summary/answer-summary";
import { scopeKey } from "../../src/store/scope";
import {
  FIXTURE_AGENT_ID,
  FIXTURE_SESSION_KEY,
  singleChoiceRecord,
  threeStepRecord,
} from "../../src/testing/fixtures";
import { renderWithStore } from "./support";

/** A host composer that says what its message will do, as the README shows. */
function HostComposer() {
  const target = useReplyTarget();
  return (
    <textarea
      aria-label="Message"
      placeholder={target?.placeholder ?? "Message the agent"}
      aria-describedby={target?.hintId}
    />
  );
}

const collapsed = {
  [scopeKey({ sessionKey: FIXTURE_SESSION_KEY, agentId: FIXTURE_AGENT_ID })]: {
    activePromptId: null,
    expanded: false,
  },
};

describe("given a question a run waits on, and the dock collapsed above the composer", () => {
  it("should tell the user before sending that the next message answers it", () => {
    renderWithStore(<ComposerDock composer={<HostComposer />} />, {
      prompts: [singleChoiceRecord],
      sessions: collapsed,
    });
    const message = screen.getByRole("textbox", { name: "Message" });
    expect(message).toHaveAccessibleDescription(
      "Or reply in the chat: your next message answers “Target”.",
    );
    expect(message).toHaveAttribute("placeholder", "Your reply answers “Target”…");
  });

  it("should say how many questions one reply answers, and how to key them", () => {
    renderWithStore(<ComposerDock composer={<HostComposer />} />, {
      prompts: [threeStepRecord],
      sessions: collapsed,
    });
    expect(screen.getByRole("textbox", { name: "Message" })).toHaveAccessibleDescription(
      /answers these 3 questions, one line each \(“Target: …”\)/,
    );
  });

  it("should show why the gateway refused the last reply, beside the composer and in the dock", async () => {
    const user = userEvent.setup();
    renderWithStore(<ComposerDock composer={<HostComposer />} />, {
      prompts: [
        {
          record: threeStepRecord,
          replyRefusal: { reason: "question 'checks' requires an answer", atMs: 0 },
        },
      ],
      sessions: collapsed,
    });
    const refusal =
      "Your reply did not answer it: question 'checks' requires an answer. The question is still open.";
    expect(screen.getByRole("alert")).toHaveTextContent(refusal);
    await user.click(screen.getByRole("button", { name: "Show question" }));
    expect(screen.getByRole("alert")).toHaveTextContent(refusal);
  });

  it("should speak the user's language", () => {
    renderWithStore(
      <ComposerDock composer={<HostComposer />} />,
      { prompts: [singleChoiceRecord], sessions: collapsed },
      de,
    );
    expect(screen.getByText(/Ihre nächste Nachricht beantwortet „Target“/)).toBeInTheDocument();
  });
});

describe("given a message would start a turn instead", () => {
  it("should say nothing about replies for a question no run waits on", () => {
    const { runId: _omitted, ...injected } = singleChoiceRecord;
    renderWithStore(<ComposerDock composer={<HostComposer />} />, {
      prompts: [injected],
      sessions: collapsed,
    });
    const message = screen.getByRole("textbox", { name: "Message" });
    expect(message).not.toHaveAttribute("aria-describedby");
    expect(message).toHaveAttribute("placeholder", "Message the agent");
    expect(screen.queryByText(/your next message answers/)).not.toBeInTheDocument();
  });

  it("should leave the hint out when the host turns it off", () => {
    renderWithStore(<ComposerDock composer={<HostComposer />} replyHint={false} />, {
      prompts: [singleChoiceRecord],
      sessions: collapsed,
    });
    expect(screen.queryByText(/your next message answers/)).not.toBeInTheDocument();
  });
});

describe("given a question answered by a chat reply", () => {
  const record = {
    ...singleChoiceRecord,
    status: "answered" as const,
    answers: { answers: { deploy_target: ["Production"] } },
    resolvedBy: "plain-text",
  };

  it("should say so in the summary, not just 'elsewhere'", () => {
    const { store } = renderWithStore(<div />, {
      prompts: [{ record, answeredElsewhere: true }],
    });
    const entry = store.getState().prompts.get(record.id);
    if (entry === undefined) throw new Error("fixture missing");
    renderWithStore(<AnswerSummary entry={entry} />, { prompts: [] });
    expect(screen.getByText("Answered by a chat reply")).toBeInTheDocument();
    expect(screen.getByText("Production")).toBeInTheDocument();
  });
});
