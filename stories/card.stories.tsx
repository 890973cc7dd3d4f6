import type { Meta, StoryObj } from "@storybook/react-vite";
import { QuestionCard } from "../src/index";
import { threeStepRecord } from "../src/testing/fixtures";
import { StoryFrame } from "./support/story-frame";

const meta = {
  title: "Card/Stacked",
  component: QuestionCard,
} satisfies Meta<typeof QuestionCard>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Every question at once, large touch targets. */
export const StackedCard: Story = {
  render: () => (
    <StoryFrame
      narrow
      fixture={{
        prompts: [threeStepRecord],
        drafts: {
          [threeStepRecord.id]: {
            step: 0,
            questions: { checks: { selected: ["Tests"], otherText: "" } },
          },
        },
      }}
    >
      <QuestionCard />
    </StoryFrame>
  ),
};

/** The answers are on their way: every field is read-only until the outcome is known. */
export const StackedCardSubmitting: Story = {
  render: () => (
    <StoryFrame
      narrow
      fixture={{
        prompts: [{ record: threeStepRecord, status: "submitting" }],
        drafts: {
          [threeStepRecord.id]: {
            step: 0,
            questions: {
              deploy_target: { selected: ["Production"], otherText: "" },
              checks: { selected: ["Tests"], otherText: "" },
              notify: { selected: [], otherText: "Ping the release channel" },
            },
          },
        },
      }}
    >
      <QuestionCard />
    </StoryFrame>
  ),
};
