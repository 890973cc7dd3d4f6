import type { Meta, StoryObj } from "@storybook/react-vite";
import { QuestionDock } from "../src/index";
import { ar } from "../src/locales/ar";
import type { Question, QuestionRecord } from "../src/protocol/types";
import { FIXTURE_NOW_MS, makeQuestionRecord } from "../src/testing/fixtures";
import { StoryFrame } from "./support/story-frame";

// An MCP server's URL elicitation: the message, the URL with its host apart, Decline and Open.
// Tagged "narrow-layout": a long URL must wrap at 390 px, never push the buttons off screen.
const meta = {
  title: "Dock/URL to open",
  component: QuestionDock,
  tags: ["narrow-layout"],
} satisfies Meta<typeof QuestionDock>;

export default meta;
type Story = StoryObj<typeof meta>;

const urlQuestion = (openUrl: string, question: string): Question => ({
  questionId: "open_url",
  header: new URL(openUrl).host,
  question,
  options: [],
  openUrl,
});

/** A record as the MCP source asks it: no agent run, so no chat reply answers it. */
function urlRecord(id: string, question: Question): QuestionRecord {
  const { runId: _run, ...record } = makeQuestionRecord([question], { id });
  return record;
}

const signIn = urlRecord(
  "mcp_url_1",
  urlQuestion("https://auth.example.com/authorize?client=dock&state=42", "Sign in to continue."),
);

const lookAlike = urlRecord(
  "mcp_url_2",
  urlQuestion(
    `https://xn--pple-43d.com/login/${"very-long-path-segment/".repeat(12)}?session=${"f".repeat(64)}`,
    "Confirm the payment of your cart.",
  ),
);

/** As it arrives: nothing opened yet. */
export const Arrived: Story = {
  render: () => (
    <StoryFrame fixture={{ prompts: [signIn] }}>
      <QuestionDock />
    </StoryFrame>
  ),
};

/** After Open: it waits for the site to say it is done. */
export const Opened: Story = {
  render: () => (
    <StoryFrame fixture={{ prompts: [{ record: signIn, openedAtMs: FIXTURE_NOW_MS }] }}>
      <QuestionDock />
    </StoryFrame>
  ),
};

/** A look-alike host in punycode and a long URL, in Arabic: the URL stays left to right. */
export const LongUrlArabic: Story = {
  render: () => (
    <StoryFrame fixture={{ prompts: [lookAlike] }} dictionary={ar}>
      <QuestionDock />
    </StoryFrame>
  ),
};
