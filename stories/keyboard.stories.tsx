import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, within } from "storybook/test";
import { QuestionDock } from "../src/index";
import { multiSelectRecord, singleChoiceRecord, threeStepRecord } from "../src/testing/fixtures";
import { StoryFrame } from "./support/story-frame";

const meta = {
  title: "Dock/Keyboard",
  component: QuestionDock,
} satisfies Meta<typeof QuestionDock>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Digit 2 picks the second option and moves to the next question. */
export const DigitsPickAndAdvance: Story = {
  render: () => (
    <StoryFrame fixture={{ prompts: [threeStepRecord] }}>
      <QuestionDock />
    </StoryFrame>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    canvas.getByRole("radio", { name: /Staging/ }).focus();
    await userEvent.keyboard("2");
    await expect(canvas.getByText("Question 2 of 3")).toBeVisible();
    await userEvent.click(canvas.getByRole("button", { name: "Back" }));
    await expect(canvas.getByRole("radio", { name: /Production/ })).toBeChecked();
  },
};

/** Multi-select: Space toggles and never commits; Enter continues. */
export const MultiSelectSpaceThenEnter: Story = {
  render: () => (
    <StoryFrame fixture={{ prompts: [multiSelectRecord] }}>
      <QuestionDock />
    </StoryFrame>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    canvas.getByRole("checkbox", { name: /Tests/ }).focus();
    await userEvent.keyboard(" ");
    await expect(canvas.getByRole("checkbox", { name: /Tests/ })).toBeChecked();
    await expect(canvas.getByRole("button", { name: "Submit" })).not.toHaveAttribute(
      "aria-disabled",
    );
  },
};

/** A digit that picks without moving on puts the focus on the picked option, so it is read out. */
export const DigitPickFocusesOption: Story = {
  render: () => (
    <StoryFrame fixture={{ prompts: [singleChoiceRecord] }}>
      <QuestionDock />
    </StoryFrame>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    canvas.getByRole("button", { name: "Submit" }).focus();
    await userEvent.keyboard("2");
    const production = canvas.getByRole("radio", { name: /Production/ });
    await expect(production).toBeChecked();
    await expect(production).toHaveFocus();
  },
};

/** Digits with Ctrl held do nothing; n+1 focuses Other. */
export const ModifiersAndOther: Story = {
  render: () => (
    <StoryFrame fixture={{ prompts: [singleChoiceRecord] }}>
      <QuestionDock />
    </StoryFrame>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    canvas.getByRole("radio", { name: /Staging/ }).focus();
    await userEvent.keyboard("{Control>}2{/Control}");
    await expect(canvas.getByRole("radio", { name: /Production/ })).not.toBeChecked();
    await userEvent.keyboard("3");
    await expect(canvas.getByRole("textbox", { name: "Your own answer for Target" })).toHaveFocus();
  },
};

/** The headers above the question: Enter on one goes there; an answered one reads "answered". */
export const HeadersGoToAQuestion: Story = {
  render: () => (
    <StoryFrame fixture={{ prompts: [threeStepRecord] }}>
      <QuestionDock />
    </StoryFrame>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    canvas.getByRole("radio", { name: /Production/ }).focus();
    await userEvent.keyboard("2");
    const steps = within(canvas.getByRole("list", { name: "Questions" }));
    steps.getByRole("button", { name: "Notify" }).focus();
    await userEvent.keyboard("{Enter}");
    await expect(canvas.getByText("Question 3 of 3")).toBeVisible();
    await expect(steps.getByRole("button", { name: "Target, answered" })).toBeVisible();
    await expect(steps.getByRole("button", { name: "Notify" })).toHaveAttribute(
      "aria-current",
      "step",
    );
  },
};
