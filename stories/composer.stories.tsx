import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, within } from "storybook/test";
import { ComposerDock, scopeKey } from "../src/index";
import { FIXTURE_SESSION_KEY, singleChoiceRecord, threeStepRecord } from "../src/testing/fixtures";
import { endFixturePrompt, StoryComposer, StoryFrame } from "./support/story-frame";

const meta = {
  title: "Dock/Composer",
  component: ComposerDock,
} satisfies Meta<typeof ComposerDock>;

export default meta;
type Story = StoryObj<typeof meta>;

const COLLAPSED_SESSION = {
  [scopeKey({ sessionKey: FIXTURE_SESSION_KEY, agentId: "main" })]: {
    activePromptId: null,
    expanded: false,
  },
};

/** Collapsed: the slim bar, and the full composer below it. */
export const CollapsedBarWithComposer: Story = {
  args: { composer: <StoryComposer /> },
  render: (args) => (
    <StoryFrame
      fixture={{
        prompts: [threeStepRecord],
        sessions: COLLAPSED_SESSION,
        drafts: {
          [threeStepRecord.id]: {
            step: 1,
            questions: { deploy_target: { selected: ["Staging (Recommended)"], otherText: "" } },
          },
        },
      }}
    >
      <ComposerDock {...args} />
    </StoryFrame>
  ),
};

/** Expanded: the dock takes the composer's place. */
export const ExpandedOverComposer: Story = {
  args: { composer: <StoryComposer /> },
  render: (args) => (
    <StoryFrame fixture={{ prompts: [threeStepRecord] }}>
      <ComposerDock {...args} />
    </StoryFrame>
  ),
};

/** Keyboard: Escape collapses and the composer comes back focused; expanding restores the step. */
export const EscapeCollapsesAndExpandRestores: Story = {
  args: { composer: <StoryComposer /> },
  render: (args) => (
    <StoryFrame fixture={{ prompts: [threeStepRecord] }}>
      <ComposerDock {...args} />
    </StoryFrame>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("radio", { name: /Production/ }));
    await expect(canvas.getByText("Question 2 of 3")).toBeVisible();
    await userEvent.keyboard("{Escape}");
    await expect(canvas.getByRole("textbox", { name: "Message" })).toHaveFocus();
    await userEvent.click(canvas.getByRole("button", { name: "Show question" }));
    await expect(canvas.getByText("Question 2 of 3")).toBeVisible();
  },
};

const ANSWERED_PRODUCTION = { answers: { deploy_target: ["Production"] } };

/** Answered on another surface while the dock was open: it retires into a slim notice, the composer returns. */
export const RetiredAnsweredElsewhere: Story = {
  args: { composer: <StoryComposer /> },
  render: (args) => (
    <StoryFrame
      fixture={{ prompts: [singleChoiceRecord] }}
      afterMount={(store) =>
        endFixturePrompt(store, singleChoiceRecord.id, {
          record: { ...singleChoiceRecord, status: "answered", answers: ANSWERED_PRODUCTION },
          status: "answered",
          answeredElsewhere: true,
          answers: ANSWERED_PRODUCTION,
        })
      }
    >
      <ComposerDock {...args} />
    </StoryFrame>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const notice = await canvas.findByRole("region", { name: "Question outcome" });
    await expect(notice).toHaveTextContent("Answered elsewhere · Target: Production");
    await expect(canvas.getByRole("textbox", { name: "Message" })).toHaveFocus();
  },
};

/** Expired while the user was typing an answer: the unsent answer stays visible to copy. */
export const RetiredExpiredWithUnsentAnswer: Story = {
  args: { composer: <StoryComposer /> },
  render: (args) => (
    <StoryFrame
      fixture={{
        prompts: [singleChoiceRecord],
        drafts: {
          [singleChoiceRecord.id]: {
            step: 0,
            questions: {
              deploy_target: { selected: [], otherText: "Production, but only after 18:00" },
            },
          },
        },
      }}
      afterMount={(store) => endFixturePrompt(store, singleChoiceRecord.id, { status: "expired" })}
    >
      <ComposerDock {...args} />
    </StoryFrame>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const notice = await canvas.findByRole("region", { name: "Question outcome" });
    await expect(notice).toHaveTextContent("Your unsent answer: Production, but only after 18:00");
  },
};

/** The gateway lost the question (restart) while the bar was shown over a composer in use. */
export const RetiredUnavailable: Story = {
  args: { composer: <StoryComposer /> },
  render: (args) => (
    <StoryFrame
      fixture={{
        prompts: [threeStepRecord],
        sessions: COLLAPSED_SESSION,
        drafts: {
          [threeStepRecord.id]: {
            step: 1,
            questions: {
              deploy_target: { selected: ["Staging (Recommended)"], otherText: "" },
              checks: { selected: ["Tests", "Lint"], otherText: "" },
            },
          },
        },
      }}
      afterMount={(store) => endFixturePrompt(store, threeStepRecord.id, { status: "unavailable" })}
    >
      <ComposerDock {...args} />
    </StoryFrame>
  ),
};

/** Cancelled elsewhere (the agent's run ended); the close button returns focus to the composer. */
export const RetiredCancelledAndClosed: Story = {
  args: { composer: <StoryComposer /> },
  render: (args) => (
    <StoryFrame
      fixture={{ prompts: [singleChoiceRecord] }}
      afterMount={(store) =>
        endFixturePrompt(store, singleChoiceRecord.id, {
          record: { ...singleChoiceRecord, status: "cancelled" },
          status: "cancelled",
          answeredElsewhere: true,
        })
      }
    >
      <ComposerDock {...args} />
    </StoryFrame>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole("region", { name: "Question outcome" });
    await userEvent.click(canvas.getByRole("button", { name: "Close this notice" }));
    await expect(canvas.queryByRole("region", { name: "Question outcome" })).toBeNull();
    await expect(canvas.getByRole("textbox", { name: "Message" })).toHaveFocus();
  },
};
