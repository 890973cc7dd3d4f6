import type { Meta, StoryObj } from "@storybook/react-vite";
import { type ComponentProps, useContext } from "react";
import { AnswerSummary } from "../src/index";
import type { PendingAction } from "../src/store/types";
import {
  answeredThreeStepRecord,
  asyncQuestionRecord,
  cancelledRecord,
  expiredRecord,
  secretRecord,
  singleChoiceRecord,
} from "../src/testing/fixtures";
import { entryOf } from "./support/entries";
import { StoryLocaleContext } from "./support/story-locale";

/** A summary as it sits in the timeline column, in the toolbar's language. */
function TimelineSummary(props: ComponentProps<typeof AnswerSummary>) {
  const dictionary = useContext(StoryLocaleContext);
  return (
    <div className="story-column">
      <AnswerSummary {...props} {...(dictionary === undefined ? {} : { dictionary })} />
    </div>
  );
}

const meta = {
  title: "Timeline/AnswerSummary",
  component: AnswerSummary,
  render: (args) => <TimelineSummary {...args} />,
} satisfies Meta<typeof AnswerSummary>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Answered here: each question with `Header: answers`. */
export const Answered: Story = { args: { record: answeredThreeStepRecord } };

/** Answered on another surface first. */
export const AnsweredElsewhere: Story = {
  args: {
    entry: entryOf(
      {
        ...singleChoiceRecord,
        status: "answered",
        answers: { answers: { deploy_target: ["Production"] } },
      },
      { answeredElsewhere: true },
    ),
  },
};

/** Answered by a chat message read as the plain-text reply. */
export const AnsweredByReply: Story = {
  args: {
    entry: entryOf(
      {
        ...singleChoiceRecord,
        status: "answered",
        answers: { answers: { deploy_target: ["Production"] } },
        resolvedBy: "plain-text",
      },
      { answeredElsewhere: true },
    ),
  },
};

/** Skipped by the user. */
export const Skipped: Story = { args: { record: cancelledRecord } };

/** Cancelled by the agent or another surface. */
export const CancelledElsewhere: Story = {
  args: { entry: entryOf(cancelledRecord, { answeredElsewhere: true }) },
};

/** Expired, with the unsent draft kept for copying. */
export const ExpiredWithUnsentDraft: Story = {
  args: {
    entry: entryOf(expiredRecord, {
      unsentAnswers: { answers: { deploy_target: ["Production, but only after 18:00"] } },
    }),
  },
};

/** The gateway lost the question. */
export const Unavailable: Story = { args: { entry: entryOf(singleChoiceRecord) } };

/** An answer sent just before the gateway lost the question: it may or may not have arrived. */
export const UnconfirmedAnswer: Story = {
  args: {
    entry: entryOf(singleChoiceRecord, {
      sent: { kind: "resolve", answers: { answers: { deploy_target: ["Production"] } } },
    }),
  },
};

/** A Skip sent just before the gateway lost the question. */
export const UnconfirmedSkip: Story = {
  args: { entry: entryOf(singleChoiceRecord, { sent: { kind: "cancel" } }) },
};

/** A secret answer is masked. */
export const SecretAnswer: Story = {
  args: {
    record: {
      ...secretRecord,
      status: "answered",
      answers: { answers: { api_key: ["sk-live-1234"] } },
    },
  },
};

const ASYNC_ANSWER: PendingAction = {
  kind: "resolve",
  answers: { answers: { q1: ["SQLite"], q2: ["Use UTC"] } },
};

/** An OpenClaw async question's answer on its way: its summary is in the timeline already. */
export const AsyncAnswerSending: Story = {
  args: { entry: entryOf(asyncQuestionRecord, { status: "submitting", sent: ASYNC_ANSWER }) },
};

/** The same answer queued while offline: sent once the connection is back. */
export const AsyncAnswerQueued: Story = {
  args: { entry: entryOf(asyncQuestionRecord, { status: "queued", sent: ASYNC_ANSWER }) },
};
