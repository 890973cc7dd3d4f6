import type { ScenarioName } from "../../src/demo/shared/scenarios";
import type { Question, QuestionAnswers } from "../../src/protocol/types";

/** What the agent says and asks in one scenario. */
export type ScenarioScript = {
  title: string;
  opening: string;
  questions: Question[];
  timeoutMs: number;
  /** Aborts the run (cancelling its question) this long after asking; null = never. */
  abortAfterMs: number | null;
  onAnswered(answers: QuestionAnswers): string;
};

const DEFAULT_TIMEOUT_MS = 900_000;
const SHORT_TIMEOUT_MS = 30_000;
const ABORT_AFTER_MS = 8_000;

const firstAnswer = (answers: QuestionAnswers, questionId: string): string =>
  answers.answers[questionId]?.join(", ") ?? "(none)";

const stripRecommended = (label: string): string => label.replace(/ \(Recommended\)$/, "");

const deployTarget: Question = {
  questionId: "deploy_target",
  header: "Deploy",
  question: "Where should I deploy this build?",
  options: [
    { label: "Staging (Recommended)", description: "Safe to break; resets nightly" },
    { label: "Production", description: "Live traffic" },
    { label: "Preview", description: "A throwaway URL for this branch" },
  ],
  isOther: true,
};

const SCRIPTS: Record<ScenarioName, ScenarioScript> = {
  single: {
    title: "Deploy the build",
    opening: "The build passed. One decision before I deploy.",
    questions: [deployTarget],
    timeoutMs: DEFAULT_TIMEOUT_MS,
    abortAfterMs: null,
    onAnswered: (answers) =>
      `Deploying to ${stripRecommended(firstAnswer(answers, "deploy_target"))}…`,
  },
  three: {
    title: "Set up the project",
    opening: "I can scaffold the project. Three quick choices first.",
    questions: [
      {
        questionId: "framework",
        header: "Framework",
        question: "Which framework should the app use?",
        options: [
          { label: "React (Recommended)", description: "Matches the rest of the repo" },
          { label: "Svelte" },
          { label: "Vue" },
        ],
        isOther: true,
      },
      {
        questionId: "extras",
        header: "Extras",
        question: "Which extras should I add?",
        options: [
          { label: "ESLint", description: "Lint on save" },
          { label: "Vitest", description: "Unit tests" },
          { label: "Storybook" },
        ],
        multiSelect: true,
        isOther: true,
      },
      {
        questionId: "project_name",
        header: "Name",
        question: "What should the project be called?",
        options: [],
        isOther: true,
      },
    ],
    timeoutMs: DEFAULT_TIMEOUT_MS,
    abortAfterMs: null,
    onAnswered: (answers) =>
      `Scaffolding “${firstAnswer(answers, "project_name")}” with ${stripRecommended(
        firstAnswer(answers, "framework"),
      )} and ${firstAnswer(answers, "extras")}…`,
  },
  multi: {
    title: "Run the checks",
    opening: "Before merging I can run some checks.",
    questions: [
      {
        questionId: "checks",
        header: "Checks",
        question: "Which checks should I run before merging?",
        options: [
          { label: "Unit tests (Recommended)" },
          { label: "Type check" },
          { label: "Lint" },
          { label: "End-to-end", description: "Slow: about 4 minutes" },
        ],
        multiSelect: true,
        isOther: true,
      },
    ],
    timeoutMs: DEFAULT_TIMEOUT_MS,
    abortAfterMs: null,
    onAnswered: (answers) => `Running ${firstAnswer(answers, "checks")}…`,
  },
  timeout: {
    title: "Rename the branch",
    opening: "Quick one; I will not wait long for it.",
    questions: [
      {
        questionId: "branch_name",
        header: "Branch",
        question: "Should I rename the branch to match the ticket?",
        options: [{ label: "Yes (Recommended)" }, { label: "No" }],
        isOther: true,
      },
    ],
    timeoutMs: SHORT_TIMEOUT_MS,
    abortAfterMs: null,
    onAnswered: (answers) => `Branch: ${firstAnswer(answers, "branch_name")}. Done.`,
  },
  abort: {
    title: "Clean up old logs",
    opening: "I found 2 GB of old logs. This run will be aborted in a few seconds.",
    questions: [
      {
        questionId: "log_cleanup",
        header: "Logs",
        question: "Delete the logs older than 30 days?",
        options: [{ label: "Delete (Recommended)" }, { label: "Archive" }, { label: "Keep" }],
        isOther: true,
      },
    ],
    timeoutMs: DEFAULT_TIMEOUT_MS,
    abortAfterMs: ABORT_AFTER_MS,
    onAnswered: (answers) => `Logs: ${firstAnswer(answers, "log_cleanup")}.`,
  },
};

/** The script of one scenario. */
export function scenarioScript(name: ScenarioName): ScenarioScript {
  return SCRIPTS[name];
}
