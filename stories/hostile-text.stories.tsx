import type { Meta, StoryObj } from "@storybook/react-vite";
import type { ReactNode } from "react";
import { expect } from "storybook/test";
import type { QuestionRecord } from "../src/index";
import {
  AnswerSummary,
  ComposerDock,
  OutcomeNotice,
  QuestionBar,
  QuestionCard,
  QuestionDock,
} from "../src/index";
import { makeQuestionRecord } from "../src/testing/fixtures";
import { entryOf } from "./support/entries";
import type { FixtureStoreOptions } from "./support/fixture-store";
import {
  answeredHostileRecord,
  COMBINING_FLOOD,
  combiningFloodRecord,
  expiredHostileRecord,
  hostileRecord,
  hostileUnsentAnswers,
  LONG_LABELS,
  LONG_URL,
  LONG_WORD,
  longLabelsRecord,
  longUrlAnswerRecord,
  longWordRecord,
  RLO_HEADER,
} from "./support/hostile-text";
import { StoryComposer, StoryFrame } from "./support/story-frame";

// The story runner opens every story tagged "narrow-layout" at a 390 px viewport and checks that
// the page does not scroll sideways and that the panel's buttons are on screen and clickable.
const meta = {
  title: "Layout/Hostile text",
  tags: ["narrow-layout"],
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

/** A fixture draft: each question's choices and typed text by question id. */
function draftOf(
  step: number,
  questions: Record<string, { selected: string[]; otherText: string }>,
) {
  return { step, questions };
}

/** Every question of `hostileRecord` answered, so Submit is enabled. */
const HOSTILE_DRAFT = draftOf(1, {
  hostile: { selected: [...LONG_LABELS], otherText: LONG_WORD },
  flood: { selected: [], otherText: `${LONG_URL} ${COMBINING_FLOOD}` },
});

/**
 * A host's plain `1fr` grid track with the host's own wrapper around the composer in it: the
 * track's minimum is the wrapper's min-content width, which is the panel's.
 */
function HostTrack({ children }: { children: ReactNode }) {
  return (
    <div className="story-host-track">
      <div>{children}</div>
    </div>
  );
}

/** Where a run of text sits on screen. */
function boxOfText(root: Element, text: string): DOMRect {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
    const start = node.textContent?.indexOf(text) ?? -1;
    if (start < 0) continue;
    const range = document.createRange();
    range.setStart(node, start);
    range.setEnd(node, start + text.length);
    return range.getBoundingClientRect();
  }
  throw new Error(`no text ${JSON.stringify(text)}`);
}

/** In a left-to-right line, `after` is drawn to the right of `before`, as it is read. */
async function expectDrawnAfter(root: Element, before: string, after: string) {
  const first = boxOfText(root, before);
  const second = boxOfText(root, after);
  await expect(Math.abs(second.top - first.top)).toBeLessThan(first.height);
  await expect(second.left).toBeGreaterThanOrEqual(first.right - 1);
}

/** A story of `panel` in a host's track over `fixture`. */
function panelStory(fixture: FixtureStoreOptions, panel: ReactNode): Story {
  return {
    render: () => (
      <StoryFrame fixture={fixture}>
        <HostTrack>{panel}</HostTrack>
      </StoryFrame>
    ),
  };
}

/** A 90-character URL typed as the Other answer. */
const LONG_URL_ANSWER: FixtureStoreOptions = {
  prompts: [longUrlAnswerRecord],
  drafts: {
    [longUrlAnswerRecord.id]: draftOf(0, { artifact: { selected: [], otherText: LONG_URL } }),
  },
};
/** A question that is one 10,000-character word. */
const LONG_WORD_QUESTION: FixtureStoreOptions = {
  prompts: [longWordRecord],
  drafts: { [longWordRecord.id]: draftOf(0, { word: { selected: ["Yes"], otherText: "" } }) },
};
/** Three 60-character option labels. */
const LONG_LABEL_OPTIONS: FixtureStoreOptions = {
  prompts: [longLabelsRecord],
  drafts: {
    [longLabelsRecord.id]: draftOf(0, {
      labels: { selected: [LONG_LABELS[0] ?? ""], otherText: "" },
    }),
  },
};
/** One grapheme with 2,100 combining marks in the question, an option and its description. */
const COMBINING_FLOOD_QUESTION: FixtureStoreOptions = {
  prompts: [combiningFloodRecord],
  drafts: {
    [combiningFloodRecord.id]: draftOf(0, {
      flood: { selected: ["The plain one"], otherText: "" },
    }),
  },
};

/** The dock with a 90-character URL typed as the Other answer. */
export const DockLongUrlAnswer = panelStory(LONG_URL_ANSWER, <QuestionDock />);
/** The dock with a question that is one 10,000-character word. */
export const DockLongWord = panelStory(LONG_WORD_QUESTION, <QuestionDock />);
/** The dock with three 60-character option labels. */
export const DockLongLabels = panelStory(LONG_LABEL_OPTIONS, <QuestionDock />);
/** The dock with 2,100 combining marks on one grapheme. */
export const DockCombiningFlood = panelStory(COMBINING_FLOOD_QUESTION, <QuestionDock />);
/** The stacked card, as a phone shows it, with a 90-character URL typed as the Other answer. */
export const CardLongUrlAnswer = panelStory(LONG_URL_ANSWER, <QuestionCard />);
/** The stacked card with a question that is one 10,000-character word. */
export const CardLongWord = panelStory(LONG_WORD_QUESTION, <QuestionCard />);
/** The stacked card with three 60-character option labels. */
export const CardLongLabels = panelStory(LONG_LABEL_OPTIONS, <QuestionCard />);
/** The stacked card with 2,100 combining marks on one grapheme. */
export const CardCombiningFlood = panelStory(COMBINING_FLOOD_QUESTION, <QuestionCard />);

/** Every hostile text at once, on the second question: its step pills carry both headers. */
export const DockEveryHostileText: Story = {
  render: () => (
    <StoryFrame
      fixture={{ prompts: [hostileRecord], drafts: { [hostileRecord.id]: HOSTILE_DRAFT } }}
    >
      <HostTrack>
        <QuestionDock />
      </HostTrack>
    </StoryFrame>
  ),
};

/** The stacked card with every hostile text, all answered. */
export const CardEveryHostileText: Story = {
  render: () => (
    <StoryFrame
      fixture={{ prompts: [hostileRecord], drafts: { [hostileRecord.id]: HOSTILE_DRAFT } }}
    >
      <HostTrack>
        <QuestionCard />
      </HostTrack>
    </StoryFrame>
  ),
};

/** The panel in place of the host's composer, as a phone shows it (the stacked card). */
export const ComposerDockEveryHostileText: Story = {
  render: () => (
    <StoryFrame
      fixture={{ prompts: [hostileRecord], drafts: { [hostileRecord.id]: HOSTILE_DRAFT } }}
    >
      <HostTrack>
        <ComposerDock composer={<StoryComposer />} />
      </HostTrack>
    </StoryFrame>
  ),
};

/** The slim bar on the question whose header overrides the direction. */
export const BarOverrideHeader: Story = {
  render: () => (
    <StoryFrame
      fixture={{
        prompts: [hostileRecord],
        drafts: { [hostileRecord.id]: { ...HOSTILE_DRAFT, step: 0 } },
      }}
    >
      <HostTrack>
        <QuestionBar />
      </HostTrack>
    </StoryFrame>
  ),
};

/** The slim bar on the question whose header is one flooded grapheme. */
export const BarFloodHeader: Story = {
  render: () => (
    <StoryFrame
      fixture={{ prompts: [hostileRecord], drafts: { [hostileRecord.id]: HOSTILE_DRAFT } }}
    >
      <HostTrack>
        <QuestionBar />
      </HostTrack>
    </StoryFrame>
  ),
};

/** Answered elsewhere with hostile answers. */
export const NoticeAnsweredElsewhere: Story = {
  render: () => (
    <StoryFrame
      fixture={{
        prompts: [
          {
            record: answeredHostileRecord,
            answeredElsewhere: true,
            answers: answeredHostileRecord.answers ?? null,
          },
        ],
      }}
    >
      <HostTrack>
        <OutcomeNotice promptId={answeredHostileRecord.id} onDismiss={() => {}} />
      </HostTrack>
    </StoryFrame>
  ),
};

/** Expired with hostile answers unsent; each is named by its header, one overriding the direction. */
export const NoticeExpiredWithUnsentAnswers: Story = {
  render: () => (
    <StoryFrame
      fixture={{ prompts: [{ record: expiredHostileRecord, unsentAnswers: hostileUnsentAnswers }] }}
    >
      <HostTrack>
        <OutcomeNotice promptId={expiredHostileRecord.id} onDismiss={() => {}} />
      </HostTrack>
    </StoryFrame>
  ),
};

const overrideRecord: QuestionRecord = makeQuestionRecord(
  [
    {
      questionId: "target",
      header: RLO_HEADER,
      question: "Where should I deploy?",
      options: [{ label: "Staging" }, { label: "Production" }],
    },
    {
      questionId: "notes",
      header: "Notes",
      question: "Anything else?",
      options: [],
      isOther: true,
    },
  ],
  { id: "ask_000000000000000000000000000b0006", status: "expired" },
);

/** Unsent answers after a header that overrides the direction: each still reads `Header: answer`. */
export const NoticeOverrideHeader: Story = {
  render: () => (
    <StoryFrame
      fixture={{
        prompts: [
          {
            record: overrideRecord,
            unsentAnswers: { answers: { target: ["Production"], notes: ["Tonight"] } },
          },
        ],
      }}
    >
      <HostTrack>
        <OutcomeNotice promptId={overrideRecord.id} onDismiss={() => {}} />
      </HostTrack>
    </StoryFrame>
  ),
  play: async ({ canvasElement }) => {
    const unsent = canvasElement.querySelector(".ask-notice__unsent");
    if (unsent === null) throw new Error("the notice shows no unsent answers");
    await expectDrawnAfter(unsent, RLO_HEADER.slice(1), "Production");
  },
};

/** The timeline summary of hostile answers. */
export const SummaryAnswered: Story = {
  render: () => (
    <div className="story-column story-host-track">
      <AnswerSummary record={answeredHostileRecord} />
    </div>
  ),
};

/** The timeline summary of an expired prompt with hostile answers unsent. */
export const SummaryExpiredWithUnsentAnswers: Story = {
  render: () => (
    <div className="story-column story-host-track">
      <AnswerSummary
        entry={entryOf(expiredHostileRecord, { unsentAnswers: hostileUnsentAnswers })}
      />
    </div>
  ),
};

/** A header that overrides the direction: the answer line still reads `Header: answer`. */
export const SummaryOverrideHeader: Story = {
  render: () => (
    <div className="story-column story-host-track">
      <AnswerSummary
        record={{
          ...overrideRecord,
          status: "answered",
          answers: { answers: { target: ["Production"], notes: ["Tonight"] } },
        }}
      />
    </div>
  ),
  play: async ({ canvasElement }) => {
    await expectDrawnAfter(canvasElement, RLO_HEADER.slice(1), "Production");
  },
};
