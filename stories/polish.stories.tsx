import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, within } from "storybook/test";
import { ComposerDock, type Dictionary, en, QuestionCard, QuestionDock } from "../src/index";
import { ar } from "../src/locales/ar";
import { de } from "../src/locales/de";
import { ja } from "../src/locales/ja";
import { scopeKey } from "../src/store/index";
import {
  FIXTURE_SESSION_KEY,
  longTextRecord,
  multiSelectRecord,
  singleChoiceRecord,
  threeStepRecord,
} from "../src/testing/fixtures";
import { contrastRatio, nextFrames, onOneRow, styleRules } from "./support/measure";
import { StoryComposer, StoryFrame } from "./support/story-frame";

const meta = {
  title: "Dock/Look and feel",
  component: QuestionDock,
} satisfies Meta<typeof QuestionDock>;

export default meta;
type Story = StoryObj<typeof meta>;

const MIN_TEXT_CONTRAST = 4.5;
const REM_PX = 16;

const PRODUCTION_CHOSEN = {
  prompts: [singleChoiceRecord],
  drafts: {
    [singleChoiceRecord.id]: {
      step: 0,
      questions: { deploy_target: { selected: ["Production"], otherText: "" } },
    },
  },
};

/**
 * A chosen option keeps its checked look under the pointer and after a tap: every hover style of
 * the kit applies only where a pointer hovers, and none applies to a checked option.
 */
export const CheckedOptionUnderThePointer: Story = {
  render: () => (
    <StoryFrame fixture={PRODUCTION_CHOSEN}>
      <QuestionDock />
    </StoryFrame>
  ),
  play: async ({ canvasElement }) => {
    const checked = within(canvasElement).getByRole("radio", { name: /Production/ });
    await expect(checked).toHaveAttribute("data-state", "checked");
    const hoverRules = styleRules().filter(
      ({ rule }) => rule.selectorText.includes(":hover") && rule.selectorText.includes(".ask-"),
    );
    await expect(hoverRules.length).toBeGreaterThan(0);
    for (const { rule, conditions } of hoverRules) {
      const isCheckedLook = /^\.ask-option\[data-state="checked"\]/.test(rule.selectorText);
      if (!isCheckedLook) await expect(conditions).toContain("(hover: hover)");
      // Were the pointer on it, would this rule style the checked option otherwise than checked?
      const whileHovered = rule.selectorText.replaceAll(":hover", "");
      if (!isCheckedLook) await expect(checked.matches(whileHovered)).toBe(false);
    }
  },
};

/**
 * Skip's confirmation: the question and both answers on one row in an 866 px composer column, in
 * every language the kit ships.
 */
function skipConfirmationOneRow(dictionary: Dictionary): Story {
  return {
    render: () => (
      <StoryFrame controlUi dictionary={dictionary} fixture={{ prompts: [threeStepRecord] }}>
        <QuestionDock />
      </StoryFrame>
    ),
    play: async ({ canvasElement }) => {
      const canvas = within(canvasElement);
      const dock = canvas.getByRole("region", { name: dictionary.questionRegion });
      await expect(Math.round(dock.getBoundingClientRect().width)).toBe(866);
      await userEvent.click(canvas.getByRole("button", { name: dictionary.skipAll }));
      const group = canvas.getByRole("group", { name: dictionary.skipConfirmation });
      const text = group.querySelector("legend");
      if (text === null) throw new Error("the confirmation has no text");
      const keep = canvas.getByRole("button", { name: dictionary.cancelSkip });
      const skip = canvas.getByRole("button", { name: dictionary.confirmSkip });
      await expect(onOneRow(text, keep)).toBe(true);
      await expect(onOneRow(keep, skip)).toBe(true);
      const lineHeight = Number.parseFloat(getComputedStyle(text).lineHeight);
      await expect(text.getBoundingClientRect().height).toBeLessThan(lineHeight * 1.5);
    },
  };
}

export const SkipConfirmationOneRow = skipConfirmationOneRow(en);
export const SkipConfirmationOneRowGerman = skipConfirmationOneRow(de);
export const SkipConfirmationOneRowJapanese = skipConfirmationOneRow(ja);
export const SkipConfirmationOneRowArabic = skipConfirmationOneRow(ar);

/** Dark: Next, unavailable until an option is chosen, reads as unavailable yet stays legible. */
export const DarkNextUnavailable: Story = {
  parameters: { theme: "dark" },
  render: () => (
    <StoryFrame fixture={{ prompts: [threeStepRecord] }}>
      <QuestionDock />
    </StoryFrame>
  ),
  play: async ({ canvasElement }) => {
    const next = within(canvasElement).getByRole("button", { name: "Next" });
    await expect(next).toHaveAttribute("aria-disabled", "true");
    const style = getComputedStyle(next);
    await expect(Number(style.opacity)).toBe(1);
    await expect(contrastRatio(style.color, style.backgroundColor)).toBeGreaterThanOrEqual(
      MIN_TEXT_CONTRAST,
    );
  },
};

/**
 * A wide dock: the options stop at the reading width, so each digit stays near its label, and the
 * question is the largest text of the dock.
 */
export const ReadingWidthAndType: Story = {
  render: () => (
    <StoryFrame controlUi fixture={{ prompts: [multiSelectRecord] }}>
      <QuestionDock />
    </StoryFrame>
  ),
  play: async ({ canvasElement }) => {
    const dock = within(canvasElement).getByRole("region", { name: "Question from the agent" });
    const readingWidth =
      Number.parseFloat(getComputedStyle(dock).getPropertyValue("--ask-reading-width")) * REM_PX;
    for (const option of dock.querySelectorAll(".ask-option")) {
      await expect(option.getBoundingClientRect().width).toBeLessThanOrEqual(readingWidth);
    }
    const question = dock.querySelector(".ask-step__question");
    if (question === null) throw new Error("the dock shows no question");
    const questionSize = Number.parseFloat(getComputedStyle(question).fontSize);
    for (const element of dock.querySelectorAll("*")) {
      if (question.contains(element) || element.closest(".ask-visually-hidden") !== null) continue;
      await expect(Number.parseFloat(getComputedStyle(element).fontSize)).toBeLessThanOrEqual(
        questionSize,
      );
    }
  },
};

/** Collapsed with two requests waiting: the accent edge and dot, and "2 waiting". */
export const CollapsedBarTwoWaiting: Story = {
  render: () => (
    <StoryFrame
      fixture={{
        prompts: [
          threeStepRecord,
          { record: { ...singleChoiceRecord, createdAtMs: threeStepRecord.createdAtMs + 1 } },
        ],
        sessions: {
          [scopeKey({ sessionKey: FIXTURE_SESSION_KEY, agentId: "main" })]: {
            activePromptId: null,
            expanded: false,
          },
        },
      }}
    >
      <ComposerDock composer={<StoryComposer />} />
    </StoryFrame>
  ),
  play: async ({ canvasElement }) => {
    const bar = within(canvasElement).getByRole("region", { name: "Question from the agent" });
    await expect(bar).toHaveAccessibleDescription("2 waiting");
    await expect(within(bar).getByText("2 waiting")).toBeVisible();
    const style = getComputedStyle(bar);
    const dot = getComputedStyle(bar, "::before");
    // The accent edge and the dot share the accent colour, which the bar's other edges do not.
    await expect(style.borderInlineStartColor).toBe(dot.backgroundColor);
    await expect(style.borderInlineStartColor).not.toBe(style.borderTopColor);
    await expect(Number.parseFloat(style.borderInlineStartWidth)).toBeGreaterThan(1);
  },
};

/** The same bar in dark. */
export const CollapsedBarTwoWaitingDark: Story = {
  ...CollapsedBarTwoWaiting,
  parameters: { theme: "dark" },
};

/**
 * The stacked card on a phone: the title row keeps the chevron in its corner, the meta row below
 * says how many questions, and time left.
 */
export const StackedCardOnPhone: Story = {
  tags: ["narrow-layout"],
  render: () => (
    <StoryFrame fixture={{ prompts: [threeStepRecord] }}>
      <QuestionCard />
    </StoryFrame>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const title = canvas.getByRole("heading", { name: "Waiting for your answer" });
    const collapse = canvas.getByRole("button", { name: "Collapse question" });
    const count = canvas.getByText("3 questions");
    const card = canvas.getByRole("region", { name: "Question from the agent" });
    await expect(onOneRow(title, collapse)).toBe(true);
    await expect(count.getBoundingClientRect().top).toBeGreaterThanOrEqual(
      title.getBoundingClientRect().bottom,
    );
    const cardBox = card.getBoundingClientRect();
    const collapseBox = collapse.getBoundingClientRect();
    await expect(cardBox.right - collapseBox.right).toBeLessThan(20);
  },
};

/** A card taller than the screen scrolls between shadows that show where more is hidden. */
export const StackedCardScrollShadows: Story = {
  tags: ["narrow-layout"],
  render: () => (
    <StoryFrame short fixture={{ prompts: [longTextRecord, threeStepRecord] }}>
      <QuestionCard promptId={threeStepRecord.id} />
    </StoryFrame>
  ),
  play: async ({ canvasElement }) => {
    const body = canvasElement.querySelector(".ask-card__body");
    if (!(body instanceof HTMLElement)) throw new Error("the card has no body");
    await expect(body.scrollHeight).toBeGreaterThan(body.clientHeight);
    const shade = (edge: "::before" | "::after") => Number(getComputedStyle(body, edge).opacity);
    await nextFrames();
    await expect(shade("::before")).toBe(0);
    await expect(shade("::after")).toBe(1);
    body.scrollTop = body.scrollHeight;
    await nextFrames();
    await expect(shade("::before")).toBe(1);
    await expect(shade("::after")).toBe(0);
    body.scrollTop = 0;
  },
};
