import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, within } from "storybook/test";
import { ComposerDock, scopeKey } from "../src/index";
import { FIXTURE_SESSION_KEY, threeStepRecord } from "../src/testing/fixtures";
import { StoryComposer, StoryFrame } from "./support/story-frame";

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
