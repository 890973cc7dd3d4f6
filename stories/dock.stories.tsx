import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, within } from "storybook/test";
import { QuestionDock } from "../src/index";
import { ar } from "../src/locales/ar";
import {
  asyncQuestionRecord,
  deployTargetQuestion,
  FIXTURE_NOW_MS,
  freeTextRecord,
  linkRecord,
  longTextRecord,
  makeQuestionRecord,
  multiSelectRecord,
  singleChoiceRecord,
  threeStepRecord,
} from "../src/testing/fixtures";
import { StoryFrame } from "./support/story-frame";

const meta = {
  title: "Dock/States",
  component: QuestionDock,
} satisfies Meta<typeof QuestionDock>;

export default meta;
type Story = StoryObj<typeof meta>;

const OFFLINE = {
  status: "reconnecting",
  attempt: 2,
  retryAtMs: FIXTURE_NOW_MS + 4_000,
  lastError: null,
} as const;
const SECONDS_LEFT_IN_LAST_MINUTE = 42_000;
const SECONDS_LEFT_IN_FIVE_MINUTES = 4 * 60_000 + 30_000;

/** One single-select question with a recommended option. */
export const SingleChoice: Story = {
  render: () => (
    <StoryFrame fixture={{ prompts: [singleChoiceRecord] }}>
      <QuestionDock />
    </StoryFrame>
  ),
};

/** A multi-select question with two choices made. */
export const MultiSelect: Story = {
  render: () => (
    <StoryFrame
      fixture={{
        prompts: [multiSelectRecord],
        drafts: {
          [multiSelectRecord.id]: {
            step: 0,
            questions: { checks: { selected: ["Tests", "Lint"], otherText: "" } },
          },
        },
      }}
    >
      <QuestionDock />
    </StoryFrame>
  ),
};

/** A question without options: a plain labelled text field. */
export const FreeTextOnly: Story = {
  render: () => (
    <StoryFrame fixture={{ prompts: [freeTextRecord] }}>
      <QuestionDock />
    </StoryFrame>
  ),
};

/** Three questions, on the second, the first answered. */
export const ThreeStepsMidway: Story = {
  render: () => (
    <StoryFrame
      fixture={{
        prompts: [threeStepRecord],
        drafts: {
          [threeStepRecord.id]: {
            step: 1,
            questions: { deploy_target: { selected: ["Staging (Recommended)"], otherText: "" } },
          },
        },
      }}
    >
      <QuestionDock />
    </StoryFrame>
  ),
};

/** The recommended option is chosen; its answer value keeps the suffix. */
export const RecommendedChosen: Story = {
  render: () => (
    <StoryFrame
      fixture={{
        prompts: [singleChoiceRecord],
        drafts: {
          [singleChoiceRecord.id]: {
            step: 0,
            questions: { deploy_target: { selected: ["Staging (Recommended)"], otherText: "" } },
          },
        },
      }}
    >
      <QuestionDock />
    </StoryFrame>
  ),
};

/** Long question, labels and descriptions wrap. */
export const LongTexts: Story = {
  render: () => (
    <StoryFrame fixture={{ prompts: [longTextRecord] }}>
      <QuestionDock />
    </StoryFrame>
  ),
};

/** A short screen: the long question scrolls between the header and the footer, which stay in view. */
export const ShortScreen: Story = {
  render: () => (
    <StoryFrame short fixture={{ prompts: [longTextRecord] }}>
      <QuestionDock />
    </StoryFrame>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const dock = canvas.getByRole("region", { name: "Question from the agent" });
    const body = dock.querySelector(".ask-dock__body");
    if (!(body instanceof HTMLElement)) throw new Error("the dock has no body");
    await expect(body.scrollHeight).toBeGreaterThan(body.clientHeight);
    const isInside = (inner: Element, outer: Element) => {
      const a = inner.getBoundingClientRect();
      const b = outer.getBoundingClientRect();
      return a.top >= b.top - 1 && a.bottom <= b.bottom + 1;
    };
    await expect(isInside(canvas.getByRole("button", { name: "Skip" }), dock)).toBe(true);
    const other = canvas.getByRole("textbox", { name: /own answer/ });
    other.focus();
    await expect(isInside(other, body)).toBe(true);
  },
};

/**
 * Nothing chosen yet: Next stays reachable by Tab and says what is missing (`aria-disabled`), Back
 * is not shown on the first question, and Skip says "Skip all" for a request of several questions.
 */
export const NextUnavailable: Story = {
  render: () => (
    <StoryFrame fixture={{ prompts: [threeStepRecord] }}>
      <QuestionDock />
    </StoryFrame>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const next = canvas.getByRole("button", { name: "Next" });
    await expect(next).toHaveAttribute("aria-disabled", "true");
    await expect(next).toHaveAccessibleDescription("Choose an option first");
    await expect(canvas.queryByRole("button", { name: "Back" })).toBeNull();
    canvas.getByRole("button", { name: "Skip all" }).focus();
    await userEvent.tab();
    await expect(next).toHaveFocus();
  },
};

/** "Skip all" of a three-question request, asking for confirmation. */
export const SkipAllConfirming: Story = {
  render: () => (
    <StoryFrame
      fixture={{
        prompts: [threeStepRecord],
        drafts: {
          [threeStepRecord.id]: {
            step: 1,
            questions: { deploy_target: { selected: ["Production"], otherText: "" } },
          },
        },
      }}
    >
      <QuestionDock />
    </StoryFrame>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("button", { name: "Skip all" }));
    await expect(canvas.getByRole("button", { name: "Keep answering" })).toHaveFocus();
  },
};

/** A question with an "Open link" button. */
export const WithLink: Story = {
  render: () => (
    <StoryFrame fixture={{ prompts: [linkRecord] }}>
      <QuestionDock />
    </StoryFrame>
  ),
};

const { isOther: _allowsOther, ...deployTargetWithoutOther } = deployTargetQuestion;

/** A record that allows no free text: only its options, no Other field. */
export const OptionsWithoutOther: Story = {
  render: () => (
    <StoryFrame
      fixture={{
        prompts: [
          makeQuestionRecord([deployTargetWithoutOther], {
            id: "ask_0000000000000000000000000000a010",
          }),
        ],
      }}
    >
      <QuestionDock />
    </StoryFrame>
  ),
};

/** The answer is on its way. */
export const Submitting: Story = {
  render: () => (
    <StoryFrame
      fixture={{
        prompts: [{ record: singleChoiceRecord, status: "submitting" }],
        drafts: {
          [singleChoiceRecord.id]: {
            step: 0,
            questions: { deploy_target: { selected: ["Production"], otherText: "" } },
          },
        },
      }}
    >
      <QuestionDock />
    </StoryFrame>
  ),
};

/** Offline: the answer waits in a queue. */
export const QueuedOffline: Story = {
  render: () => (
    <StoryFrame
      fixture={{
        prompts: [{ record: singleChoiceRecord, status: "queued" }],
        connection: OFFLINE,
        drafts: {
          [singleChoiceRecord.id]: {
            step: 0,
            questions: { deploy_target: { selected: ["Production"], otherText: "" } },
          },
        },
      }}
    >
      <QuestionDock />
    </StoryFrame>
  ),
};

/** Sending failed; a retry is offered. */
export const SendError: Story = {
  render: () => (
    <StoryFrame
      fixture={{
        prompts: [
          {
            record: singleChoiceRecord,
            error: {
              questionId: null,
              code: "UNAVAILABLE",
              reason: null,
              message: "the gateway did not answer",
            },
          },
        ],
        drafts: {
          [singleChoiceRecord.id]: {
            step: 0,
            questions: { deploy_target: { selected: ["Production"], otherText: "" } },
          },
        },
      }}
    >
      <QuestionDock />
    </StoryFrame>
  ),
};

/** The part that keeps answers across a reload did not load: the dock says so, with Try again. */
export const StorageNotKept: Story = {
  render: () => (
    <StoryFrame
      fixture={{
        prompts: [singleChoiceRecord],
        storageFailure: "Failed to fetch dynamically imported module",
      }}
    >
      <QuestionDock />
    </StoryFrame>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(/not kept if the page reloads/)).toBeVisible();
    await expect(canvas.getByRole("button", { name: "Try again" })).toBeEnabled();
  },
};

/** Less than a minute left: the countdown warns. */
export const LastMinute: Story = {
  render: () => (
    <StoryFrame
      fixture={{
        prompts: [
          makeQuestionRecord([deployTargetQuestion], {
            id: singleChoiceRecord.id,
            expiresAtMs: FIXTURE_NOW_MS + SECONDS_LEFT_IN_LAST_MINUTE,
          }),
        ],
      }}
    >
      <QuestionDock />
    </StoryFrame>
  ),
  play: async ({ canvasElement }) => {
    const countdown = within(canvasElement).getByText(/left$/);
    await expect(countdown).toHaveTextContent("42 sec left");
    await expect(countdown).toHaveAttribute("data-urgency", "warning");
  },
};

/** More than a minute left: the countdown says minutes, rounded up, and stays calm. */
export const MinutesLeft: Story = {
  render: () => (
    <StoryFrame
      fixture={{
        prompts: [
          makeQuestionRecord([deployTargetQuestion], {
            id: singleChoiceRecord.id,
            expiresAtMs: FIXTURE_NOW_MS + SECONDS_LEFT_IN_FIVE_MINUTES,
          }),
        ],
      }}
    >
      <QuestionDock />
    </StoryFrame>
  ),
  play: async ({ canvasElement }) => {
    const countdown = within(canvasElement).getByText(/left$/);
    await expect(countdown).toHaveTextContent("5 min left");
    await expect(countdown).toHaveAttribute("data-urgency", "calm");
  },
};

/** An expired prompt given by id: the dock shows its outcome notice, naming the question, not a dead form. */
export const Expired: Story = {
  render: () => (
    <StoryFrame fixture={{ prompts: [{ record: { ...singleChoiceRecord, status: "expired" } }] }}>
      <QuestionDock promptId={singleChoiceRecord.id} />
    </StoryFrame>
  ),
  play: async ({ canvasElement }) => {
    const notice = within(canvasElement).getByRole("region", { name: "Question outcome" });
    await expect(notice).toHaveTextContent("“Target” expired.");
  },
};

/** An expired request of three questions: the notice names each by its header. */
export const ExpiredSeveralQuestions: Story = {
  render: () => (
    <StoryFrame fixture={{ prompts: [{ record: { ...threeStepRecord, status: "expired" } }] }}>
      <QuestionDock promptId={threeStepRecord.id} />
    </StoryFrame>
  ),
  play: async ({ canvasElement }) => {
    const notice = within(canvasElement).getByRole("region", { name: "Question outcome" });
    await expect(notice).toHaveTextContent("“Target”, “Checks”, and “Notify” expired.");
  },
};

/** Another surface answered first: the outcome notice with the answer given there. */
export const AnsweredElsewhere: Story = {
  render: () => (
    <StoryFrame
      fixture={{
        prompts: [
          {
            record: {
              ...singleChoiceRecord,
              status: "answered",
              answers: { answers: { deploy_target: ["Production"] } },
            },
            answeredElsewhere: true,
          },
        ],
      }}
    >
      <QuestionDock promptId={singleChoiceRecord.id} />
    </StoryFrame>
  ),
};

/** The gateway no longer knows the question: the outcome notice. */
export const Unavailable: Story = {
  render: () => (
    <StoryFrame fixture={{ prompts: [{ record: singleChoiceRecord, status: "unavailable" }] }}>
      <QuestionDock promptId={singleChoiceRecord.id} />
    </StoryFrame>
  ),
};

/** An answer was sent, then the gateway lost the question: the notice says it cannot confirm it. */
export const UnconfirmedAnswer: Story = {
  render: () => (
    <StoryFrame
      fixture={{
        prompts: [
          {
            record: singleChoiceRecord,
            status: "unavailable",
            sent: { kind: "resolve", answers: { answers: { deploy_target: ["Production"] } } },
          },
        ],
      }}
    >
      <QuestionDock promptId={singleChoiceRecord.id} />
    </StoryFrame>
  ),
};

/** Free text typed before an option was picked: kept, dashed, and described as not chosen. */
export const FreeTextKeptNotChosen: Story = {
  render: () => (
    <StoryFrame
      fixture={{
        prompts: [singleChoiceRecord],
        drafts: {
          [singleChoiceRecord.id]: {
            step: 0,
            questions: { deploy_target: { selected: ["Production"], otherText: "Canary at 5%" } },
          },
        },
      }}
    >
      <QuestionDock promptId={singleChoiceRecord.id} />
    </StoryFrame>
  ),
};

/** The typed text is the answer: the Other row, with its digit, looks checked like an option. */
export const OtherHoldsTheAnswer: Story = {
  render: () => (
    <StoryFrame
      fixture={{
        prompts: [multiSelectRecord],
        drafts: {
          [multiSelectRecord.id]: {
            step: 0,
            questions: { checks: { selected: ["Lint"], otherText: "Docs build" } },
          },
        },
      }}
    >
      <QuestionDock />
    </StoryFrame>
  ),
  play: async ({ canvasElement }) => {
    const other = within(canvasElement).getByRole("textbox", {
      name: "Your own answer for Checks",
    });
    await expect(other.closest(".ask-option")).toHaveAttribute("data-state", "checked");
  },
};

/** Two pending requests: "‹ 1/2 ›". */
export const TwoPendingRequests: Story = {
  render: () => (
    <StoryFrame
      fixture={{
        prompts: [
          singleChoiceRecord,
          { record: { ...multiSelectRecord, createdAtMs: FIXTURE_NOW_MS + 1_000 } },
        ],
      }}
    >
      <QuestionDock />
    </StoryFrame>
  ),
};

/** Dark theme. */
export const Dark: Story = {
  parameters: { theme: "dark" },
  render: () => (
    <StoryFrame
      fixture={{
        prompts: [threeStepRecord],
        drafts: {
          [threeStepRecord.id]: {
            step: 0,
            questions: { deploy_target: { selected: ["Production"], otherText: "" } },
          },
        },
      }}
    >
      <QuestionDock />
    </StoryFrame>
  ),
};

/** Arabic, right to left. */
export const ArabicRightToLeft: Story = {
  render: () => (
    <StoryFrame dictionary={ar} fixture={{ prompts: [threeStepRecord] }}>
      <QuestionDock />
    </StoryFrame>
  ),
};

/** An OpenClaw async question: optional, its first option chosen, dismissed at once. */
export const OptionalAsyncQuestion: Story = {
  render: () => (
    <StoryFrame fixture={{ prompts: [asyncQuestionRecord] }}>
      <QuestionDock />
    </StoryFrame>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByRole("region", { name: "Optional question · work can continue" }),
    ).toBeVisible();
    await expect(canvas.getByRole("radio", { name: /Postgres/ })).toBeChecked();
    await expect(canvas.getByRole("button", { name: "Dismiss" })).toBeVisible();
  },
};
