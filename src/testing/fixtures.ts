import type { Question, QuestionRecord } from "../protocol/types";

/** Fixed "now" of every fixture, so stories and tests render the same times. */
export const FIXTURE_NOW_MS = Date.UTC(2026, 8, 6, 12, 0, 0);
/** Session every fixture belongs to unless overridden. */
export const FIXTURE_SESSION_KEY = "agent:main:main";
/** Agent every fixture belongs to. */
export const FIXTURE_AGENT_ID = "main";
const DEFAULT_LIFETIME_MS = 900_000;

/** Single-select question with a recommended first option. */
export const deployTargetQuestion: Question = {
  questionId: "deploy_target",
  header: "Target",
  question: "Where should I deploy?",
  options: [
    { label: "Staging (Recommended)", description: "Safe default; production stays untouched" },
    { label: "Production", description: "Live traffic" },
  ],
  isOther: true,
};

/** Multi-select question. */
export const checksQuestion: Question = {
  questionId: "checks",
  header: "Checks",
  question: "Which checks should run before deploying?",
  options: [
    { label: "Tests", description: "Unit and integration suites" },
    { label: "Lint" },
    { label: "Type check" },
    { label: "Bundle size", description: "Fails when the bundle grows past its budget" },
  ],
  multiSelect: true,
  isOther: true,
};

/** Single-select question without descriptions. */
export const notifyQuestion: Question = {
  questionId: "notify",
  header: "Notify",
  question: "Who should I tell when it is done?",
  options: [{ label: "Only me, by email" }, { label: "The whole team in chat" }],
  isOther: true,
};

/** Question with no options: a plain text field. */
export const releaseNameQuestion: Question = {
  questionId: "release_name",
  header: "Name",
  question: "What should the release be called?",
  options: [],
  isOther: true,
};

/** Question with a link to open. */
export const reviewQuestion: Question = {
  questionId: "review",
  header: "Review",
  question: "Does the preview look right?",
  url: "https://example.com/preview/42",
  options: [{ label: "Looks good" }, { label: "Needs changes" }],
  isOther: true,
};

/** Secret question: its answer is masked everywhere. */
export const secretQuestion: Question = {
  questionId: "api_key",
  header: "API key",
  question: "Paste the API key for the staging account.",
  options: [],
  isOther: true,
  isSecret: true,
};

/** Question whose texts are as long as the rules allow. */
export const longTextQuestion: Question = {
  questionId: "migration_plan",
  header: "Migration",
  question:
    "The database migration touches the orders, invoices and customers tables, and two of them are larger than forty gigabytes; how should I run it so that checkout stays available during business hours in every region?",
  options: [
    {
      label: "Online, in small batches overnight in each region (Recommended)",
      description:
        "Copies rows in batches of ten thousand with a pause between them, so checkout keeps working; it takes about six hours per region and can be resumed after a failure.",
    },
    {
      label: "Offline, during a planned maintenance window this Sunday",
      description:
        "Checkout is unavailable for about forty minutes in every region while the tables are rewritten in one pass.",
    },
    { label: "Postpone the migration until the next release" },
  ],
  isOther: true,
};

/** Builds a pending record from questions; override any field. */
export function makeQuestionRecord(
  questions: Question[],
  overrides: Partial<QuestionRecord> = {},
): QuestionRecord {
  return {
    id: "ask_00000000000000000000000000000001",
    questions,
    agentId: FIXTURE_AGENT_ID,
    sessionKey: FIXTURE_SESSION_KEY,
    runId: "run_1",
    createdAtMs: FIXTURE_NOW_MS,
    expiresAtMs: FIXTURE_NOW_MS + DEFAULT_LIFETIME_MS,
    status: "pending",
    ...overrides,
  };
}

/** One single-select question. */
export const singleChoiceRecord = makeQuestionRecord([deployTargetQuestion], {
  id: "ask_0000000000000000000000000000a001",
});
/** One multi-select question. */
export const multiSelectRecord = makeQuestionRecord([checksQuestion], {
  id: "ask_0000000000000000000000000000a002",
});
/** One free-text question. */
export const freeTextRecord = makeQuestionRecord([releaseNameQuestion], {
  id: "ask_0000000000000000000000000000a003",
});
/** Three questions: single, multi, single. */
export const threeStepRecord = makeQuestionRecord(
  [deployTargetQuestion, checksQuestion, notifyQuestion],
  { id: "ask_0000000000000000000000000000a004" },
);
/** Long question, labels and descriptions. */
export const longTextRecord = makeQuestionRecord([longTextQuestion], {
  id: "ask_0000000000000000000000000000a005",
});
/** A question with a link. */
export const linkRecord = makeQuestionRecord([reviewQuestion], {
  id: "ask_0000000000000000000000000000a006",
});
/** A secret question. */
export const secretRecord = makeQuestionRecord([secretQuestion], {
  id: "ask_0000000000000000000000000000a007",
});

/** `threeStepRecord` answered with the answers the reference screenshots show. */
export const answeredThreeStepRecord: QuestionRecord = {
  ...threeStepRecord,
  status: "answered",
  answers: {
    answers: {
      deploy_target: ["Staging (Recommended)"],
      checks: ["Tests", "Lint"],
      notify: ["Only me, by email"],
    },
  },
  resolvedBy: "control-ui",
};
/** `singleChoiceRecord` skipped by the user. */
export const cancelledRecord: QuestionRecord = { ...singleChoiceRecord, status: "cancelled" };
/** `singleChoiceRecord` expired without an answer. */
export const expiredRecord: QuestionRecord = { ...singleChoiceRecord, status: "expired" };

/**
 * An OpenClaw async question as the kit holds it: optional, two questions (one with options,
 * its first chosen from the start; one free text), no deadline.
 */
export const asyncQuestionRecord = makeQuestionRecord(
  [
    {
      questionId: "q1",
      header: "Which database should I use?",
      question: "Which database should I use?",
      options: [{ label: "Postgres" }, { label: "SQLite" }],
      preselect: "Postgres",
      isOther: true,
    },
    {
      questionId: "q2",
      header: "Anything else I should know?",
      question: "Anything else I should know?",
      options: [],
      isOther: true,
    },
  ],
  {
    id: "async:asyncq-demo-1",
    origin: "async",
    expiresAtMs: FIXTURE_NOW_MS + 7 * 24 * 3_600_000,
  },
);
