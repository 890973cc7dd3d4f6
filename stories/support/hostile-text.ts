import type { Question, QuestionRecord } from "../../src/protocol/types";
import { makeQuestionRecord } from "../../src/testing/fixtures";

/** A header with a right-to-left override: unisolated, it reverses the text that follows it. */
export const RLO_HEADER = "\u202Etxt.exe";

/** A 90-character URL with no break opportunity, as a user pastes it into Other. */
export const LONG_URL =
  "https://artifacts.example.com/builds/2026-09-06/release-candidate-7f3a9c2/checksums.sha256";

/** One 10,000-character word. */
export const LONG_WORD = "Abracadabra".repeat(910).slice(0, 10_000);

/** One grapheme carrying 2,100 combining marks: some stack, some the font lacks and lays out in a row. */
export const COMBINING_FLOOD = `Z${"\u0301\u0316\u20DD".repeat(700)}`;

/** Three 60-character labels without a space. */
export const LONG_LABELS = ["Alpha", "Bravo", "Charlie"].map((name) =>
  `${name}-${"x".repeat(60)}`.slice(0, 60),
);

/** A question whose every text is hostile. */
export const hostileQuestion: Question = {
  questionId: "hostile",
  header: RLO_HEADER,
  question: `${LONG_WORD} ${COMBINING_FLOOD}`,
  options: LONG_LABELS.map((label, index) => ({
    label,
    description: index === 0 ? COMBINING_FLOOD : LONG_WORD,
  })),
  multiSelect: true,
  isOther: true,
};

/** A second hostile question, so the dock shows its step pills and the card its headers. */
export const floodHeaderQuestion: Question = {
  questionId: "flood",
  header: COMBINING_FLOOD,
  question: LONG_URL,
  options: [],
  isOther: true,
};

/** One question per hostile text. */
export const longUrlAnswerRecord = makeQuestionRecord(
  [
    {
      questionId: "artifact",
      header: "Artifact",
      question: "Which checksum file should I publish?",
      options: [{ label: "The signed one" }, { label: "Both" }],
      isOther: true,
    },
  ],
  { id: "ask_000000000000000000000000000b0001" },
);
export const longWordRecord = makeQuestionRecord(
  [
    {
      questionId: "word",
      header: "Word",
      question: LONG_WORD,
      options: [{ label: "Yes" }, { label: "No" }],
    },
  ],
  { id: "ask_000000000000000000000000000b0002" },
);
export const longLabelsRecord = makeQuestionRecord(
  [
    {
      questionId: "labels",
      header: "Labels",
      question: "Which build should I promote?",
      options: LONG_LABELS.map((label) => ({ label })),
    },
  ],
  { id: "ask_000000000000000000000000000b0003" },
);
export const combiningFloodRecord = makeQuestionRecord(
  [
    {
      questionId: "flood",
      header: COMBINING_FLOOD,
      question: `Which one? ${COMBINING_FLOOD}`,
      options: [
        { label: COMBINING_FLOOD, description: COMBINING_FLOOD },
        { label: "The plain one" },
      ],
    },
  ],
  { id: "ask_000000000000000000000000000b0004" },
);
/** Every hostile text at once, over two questions. */
export const hostileRecord = makeQuestionRecord([hostileQuestion, floodHeaderQuestion], {
  id: "ask_000000000000000000000000000b0005",
});

/** `hostileRecord` answered with its hostile texts. */
export const answeredHostileRecord: QuestionRecord = {
  ...hostileRecord,
  status: "answered",
  answers: {
    answers: {
      hostile: [...LONG_LABELS, LONG_WORD],
      flood: [`${COMBINING_FLOOD} ${LONG_URL}`],
    },
  },
};

/** `hostileRecord` expired with hostile answers left unsent. */
export const expiredHostileRecord: QuestionRecord = { ...hostileRecord, status: "expired" };

/** What the user had typed into `hostileRecord` when it ended. */
export const hostileUnsentAnswers = {
  answers: { hostile: [LONG_URL, LONG_WORD], flood: [COMBINING_FLOOD] },
};
