import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, within } from "storybook/test";
import type { StoreApi } from "zustand/vanilla";
import { ComposerDock, type QuestionStore } from "../src/index";
import { scopeKey } from "../src/store/index";
import {
  FIXTURE_NOW_MS,
  FIXTURE_SESSION_KEY,
  longTextRecord,
  singleChoiceRecord,
  threeStepRecord,
} from "../src/testing/fixtures";
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

/** Three questions, the first answered, collapsed on the second. */
const COLLAPSED_ON_STEP_TWO = {
  prompts: [threeStepRecord],
  sessions: COLLAPSED_SESSION,
  drafts: {
    [threeStepRecord.id]: {
      step: 1,
      questions: { deploy_target: { selected: ["Staging (Recommended)"], otherText: "" } },
    },
  },
};

/** Collapsed: the slim bar, and the full composer below it. */
export const CollapsedBarWithComposer: Story = {
  args: { composer: <StoryComposer /> },
  render: (args) => (
    <StoryFrame fixture={COLLAPSED_ON_STEP_TWO}>
      <ComposerDock {...args} />
    </StoryFrame>
  ),
};

/** Whether `inner` lies within `outer`, give or take a pixel of rounding. */
function isInside(inner: Element, outer: DOMRect): boolean {
  const box = inner.getBoundingClientRect();
  return (
    box.left >= outer.left - 1 &&
    box.right <= outer.right + 1 &&
    box.top >= outer.top - 1 &&
    box.bottom <= outer.bottom + 1
  );
}

/** The bar in a host's plain `1fr` grid track on a 360 px phone: it never widens the track. */
export const CollapsedBarInNarrowGridTrack: Story = {
  args: { composer: <StoryComposer /> },
  render: (args) => (
    <StoryFrame fixture={COLLAPSED_ON_STEP_TWO}>
      <div className="story-grid-track" data-testid="track">
        <ComposerDock {...args} />
      </div>
    </StoryFrame>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const track = canvas.getByTestId("track").getBoundingClientRect();
    const bar = canvas.getByRole("region", { name: "Question from the agent" });
    await expect(bar.getBoundingClientRect().width).toBeLessThanOrEqual(track.width + 1);
    await expect(isInside(canvas.getByRole("button", { name: "Show question" }), track)).toBe(true);
    const barBox = bar.getBoundingClientRect();
    // The header and the step stay whole (on a second line) rather than cut by an ellipsis.
    const header = within(bar).getByText("Checks");
    await expect(header.scrollWidth).toBeLessThanOrEqual(header.clientWidth);
    await expect(isInside(header, barBox)).toBe(true);
    await expect(isInside(within(bar).getByText("· 2/3"), barBox)).toBe(true);
  },
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

/**
 * A question the source holds but cannot read yet (its reader part did not load): the notice with
 * Try again takes the panel's place above the composer, which keeps what was typed.
 */
export const QuestionNotReadable: Story = {
  args: { composer: <StoryComposer /> },
  render: (args) => (
    <StoryFrame
      fixture={{ prompts: [], sourceFailure: "Failed to fetch dynamically imported module" }}
    >
      <ComposerDock {...args} />
    </StoryFrame>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const notice = canvas.getByRole("alert");
    await expect(notice).toHaveTextContent("could not be shown");
    await expect(within(notice).getByRole("button", { name: "Try again" })).toBeVisible();
    await expect(canvas.getByRole("textbox")).toBeVisible();
  },
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

/** Another surface answers the single-choice prompt with "Production". */
const answerProductionElsewhere = (store: StoreApi<QuestionStore>) =>
  endFixturePrompt(store, singleChoiceRecord.id, {
    record: { ...singleChoiceRecord, status: "answered", answers: ANSWERED_PRODUCTION },
    status: "answered",
    answeredElsewhere: true,
    answers: ANSWERED_PRODUCTION,
  });

/**
 * Answered on another surface while the dock was open: it retires into a slim notice, which takes
 * the focus so keys still being typed go nowhere; the composer returns below it.
 */
export const RetiredAnsweredElsewhere: Story = {
  args: { composer: <StoryComposer /> },
  render: (args) => (
    <StoryFrame fixture={{ prompts: [singleChoiceRecord] }} afterMount={answerProductionElsewhere}>
      <ComposerDock {...args} />
    </StoryFrame>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const notice = await canvas.findByRole("region", { name: "Question outcome" });
    await expect(notice).toHaveTextContent("Answered elsewhere · Target: Production");
    await expect(notice).toHaveFocus();
    // The kit's focus ring, the same as on every other target of the kit.
    const { outlineStyle, outlineColor, outlineWidth } = getComputedStyle(notice);
    const probe = document.createElement("button");
    probe.className = "ask-icon-button";
    notice.append(probe);
    probe.focus({ focusVisible: true } as FocusOptions);
    const kitRing = getComputedStyle(probe);
    await expect(outlineStyle).toBe("solid");
    await expect(outlineColor).toBe(kitRing.outlineColor);
    await expect(outlineWidth).toBe(kitRing.outlineWidth);
    probe.remove();
    notice.focus();
    await expect(canvas.getByRole("textbox", { name: "Message" })).toBeVisible();
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

const LONG_UNSENT_ANSWER =
  "Production, but only after the 18:00 freeze lifts, and only once the on-call engineer has confirmed that the rollback runbook was tried on staging this week; otherwise wait for Monday.";

/**
 * A short screen (`--ask-max-height: 320px`): the notice of a request answered elsewhere sits above
 * the next request's dock; together they keep within the cap and the footer stays in view.
 */
export const NoticeAboveDockOnShortScreen: Story = {
  args: { composer: <StoryComposer /> },
  render: (args) => (
    <StoryFrame
      short
      fixture={{
        prompts: [singleChoiceRecord, { ...longTextRecord, createdAtMs: FIXTURE_NOW_MS + 1 }],
        drafts: {
          [singleChoiceRecord.id]: {
            step: 0,
            questions: { deploy_target: { selected: [], otherText: LONG_UNSENT_ANSWER } },
          },
        },
      }}
      afterMount={answerProductionElsewhere}
    >
      <ComposerDock {...args} />
    </StoryFrame>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const notice = await canvas.findByRole("region", { name: "Question outcome" });
    const dock = canvas.getByRole("region", { name: "Question from the agent" });
    const cap = Number.parseFloat(getComputedStyle(dock).getPropertyValue("--ask-max-height"));
    const skip = canvas.getByRole("button", { name: "Skip" });
    const together = notice.getBoundingClientRect().top + cap;
    await expect(skip.getBoundingClientRect().bottom).toBeLessThanOrEqual(together + 1);
    await expect(isInside(skip, dock.getBoundingClientRect())).toBe(true);
    await expect(skip.getBoundingClientRect().bottom).toBeLessThanOrEqual(window.innerHeight);
    const body = dock.querySelector(".ask-dock__body");
    if (!(body instanceof HTMLElement)) throw new Error("the dock has no body");
    await expect(body.scrollHeight).toBeGreaterThan(body.clientHeight);
  },
};
