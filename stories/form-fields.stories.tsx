import type { Meta, StoryObj } from "@storybook/react-vite";
import { QuestionDock } from "../src/index";
import { de } from "../src/locales/de";
import type { Question } from "../src/protocol/types";
import { makeQuestionRecord } from "../src/testing/fixtures";
import { StoryFrame } from "./support/story-frame";

const meta = {
  title: "Dock/Form fields",
  component: QuestionDock,
} satisfies Meta<typeof QuestionDock>;

export default meta;
type Story = StoryObj<typeof meta>;

const email: Question = {
  questionId: "field_1",
  header: "Email",
  question: "Where does the invoice go?",
  options: [],
  isOther: true,
  field: { type: "string", required: true, format: "email" },
};
const seats: Question = {
  questionId: "field_2",
  header: "Seats",
  question: "How many people use it?",
  options: [],
  isOther: true,
  field: { type: "integer", required: true, minimum: 1, maximum: 10, defaults: ["2"] },
};
const newsletter: Question = {
  questionId: "field_3",
  header: "Newsletter",
  question: "Send me the monthly newsletter.",
  options: [{ label: "true" }, { label: "false" }],
  field: { type: "boolean", required: false, defaults: ["true"] },
};
const regions: Question = {
  questionId: "field_4",
  header: "Regions",
  question: "Where are your users (one or two)?",
  options: [{ label: "Europe" }, { label: "Americas" }, { label: "Asia-Pacific" }],
  multiSelect: true,
  field: { type: "choice", required: true, minItems: 1, maxItems: 2 },
};
const start: Question = {
  questionId: "field_5",
  header: "Start date",
  question: "When to start.",
  options: [],
  isOther: true,
  field: { type: "string", required: true, format: "date" },
};
const callAt: Question = {
  questionId: "field_6",
  header: "Call time",
  question: "When we may call you.",
  options: [],
  isOther: true,
  field: { type: "string", required: false, format: "date-time" },
};
const form = makeQuestionRecord([email, seats, newsletter, regions, start, callAt], {
  id: "form_0000000000000000000000000000f001",
});

const atStep = (
  step: number,
  questions: Record<string, { selected: string[]; otherText: string }> = {},
) => ({
  prompts: [form],
  drafts: { [form.id]: { step, questions } },
});

/** An email field whose text breaks its format: the rule is said at the field. */
export const EmailRuleBroken: Story = {
  render: () => (
    <StoryFrame fixture={atStep(0, { field_1: { selected: [], otherText: "ada@" } })}>
      <QuestionDock />
    </StoryFrame>
  ),
};

/** A whole number with bounds, pre-filled with its default: step 2 of 6. */
export const NumberWithDefault: Story = {
  render: () => (
    <StoryFrame fixture={atStep(1)}>
      <QuestionDock />
    </StoryFrame>
  ),
};

/** An optional yes/no field in German: Ja and Nein, the default chosen. */
export const YesNoGerman: Story = {
  render: () => (
    <StoryFrame fixture={atStep(2)} dictionary={de}>
      <QuestionDock />
    </StoryFrame>
  ),
};

/** A multi-select with at most two choices, three chosen: the rule is said. */
export const TooManyChoices: Story = {
  render: () => (
    <StoryFrame
      fixture={atStep(3, {
        field_4: { selected: ["Europe", "Americas", "Asia-Pacific"], otherText: "" },
      })}
    >
      <QuestionDock />
    </StoryFrame>
  ),
};

/** A date field and an optional date-time field. */
export const DateFields: Story = {
  render: () => (
    <StoryFrame fixture={atStep(4)}>
      <QuestionDock />
    </StoryFrame>
  ),
};
