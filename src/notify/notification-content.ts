import { displayText } from "../protocol/display-text";
import type { Question, QuestionRecord } from "../protocol/types";
import { fillNotify, type NotifyStrings } from "./notify-strings";

/** Marks a notification's data as the kit's, so a host's worker can tell its own clicks apart. */
export const QUESTION_NOTIFICATION_KIND = "ask-user-kit/question";
/** The action of the button that answers with `QuestionNotificationData.option`. */
export const OPTION_ACTION = "answer";
/** The text action ("Other…"), always last: Chromium maps a later button's click to it otherwise. */
export const OTHER_ACTION = "other";

/** What a click needs to become an answer, carried in the notification's `data`. */
export type QuestionNotificationData = {
  kind: typeof QUESTION_NOTIFICATION_KIND;
  promptId: string;
  /** The one question an action answers; absent where a click can only open the page. */
  questionId?: string;
  /** The option the button answers with, its label whole (as the agent gets it). */
  option?: string;
  /** The page that showed it: a click goes there first. */
  pageUrl: string;
};

/** One button of a notification; `type: "text"` takes typed text where the system allows it. */
export type QuestionNotificationAction = {
  action: string;
  title: string;
  type?: "button" | "text";
  placeholder?: string;
};

/** What `showNotification` gets for one prompt. */
export type QuestionNotification = {
  title: string;
  body: string;
  tag: string;
  data: QuestionNotificationData;
  actions: QuestionNotificationAction[];
  /** A question waits for its answer: it stays until clicked or closed. */
  requireInteraction: true;
};

const MAX_TITLE = 120;
const MAX_BODY = 300;
const RECOMMENDED_SUFFIX = " (Recommended)";

function cut(text: string, max: number): string {
  const shown = displayText(text).replace(/\s+/g, " ").trim();
  const chars = [...shown];
  return chars.length <= max ? shown : `${chars.slice(0, max - 1).join("")}…`;
}

/**
 * The one question a button can answer whole: a single question with options, one choice, nothing
 * secret, not a form field, not a link to open, not part of a form or a review (those carry the
 * source's own message).
 */
function answerableQuestion(record: QuestionRecord): Question | null {
  const [question, ...rest] = record.questions;
  if (question === undefined || rest.length > 0 || record.message !== undefined) return null;
  const answerable =
    question.options.length > 0 &&
    question.multiSelect !== true &&
    question.isSecret !== true &&
    question.field === undefined &&
    question.openUrl === undefined;
  return answerable ? question : null;
}

/** The option a button stands for: the recommended one, else the first. */
function buttonOption(question: Question): string | undefined {
  const recommended = question.options.find((option) => option.label.endsWith(RECOMMENDED_SUFFIX));
  return (recommended ?? question.options[0])?.label;
}

function titleOf(record: QuestionRecord, strings: NotifyStrings): string {
  if (record.message !== undefined) return cut(record.message, MAX_TITLE);
  const first = record.questions[0];
  if (first?.openUrl !== undefined) return strings.urlTitle;
  return cut(first?.header ?? "", MAX_TITLE);
}

function bodyOf(record: QuestionRecord, strings: NotifyStrings): string {
  const first = cut(record.questions[0]?.question ?? "", MAX_BODY);
  const more = record.questions.length - 1;
  return more > 0 ? fillNotify(strings.moreQuestions, { question: first, count: more }) : first;
}

/**
 * The notification of a waiting prompt: title the header (or the source's words), body the
 * question. A prompt a button can answer whole gets its recommended (or first) option as a button
 * and "Other…" as a text action, last; any other gets none (a click opens the page on it). No
 * typed or chosen value is ever part of it, so a secret never is.
 */
export function questionNotificationFor(
  record: QuestionRecord,
  strings: NotifyStrings,
  pageUrl: string,
): QuestionNotification {
  const question = answerableQuestion(record);
  const data: QuestionNotificationData = {
    kind: QUESTION_NOTIFICATION_KIND,
    promptId: record.id,
    pageUrl,
  };
  const actions: QuestionNotificationAction[] = [];
  const option = question === null ? undefined : buttonOption(question);
  if (question !== null && option !== undefined) {
    data.questionId = question.questionId;
    data.option = option;
    actions.push({ action: OPTION_ACTION, title: cut(option, MAX_TITLE) });
    // Free text is an answer only where the question takes it (`isOther: true`), as everywhere
    // else in the kit: offered otherwise, a reply would be refused by the page's own check.
    if (question.isOther === true) {
      actions.push({
        action: OTHER_ACTION,
        title: strings.otherAction,
        type: "text",
        placeholder: strings.otherPlaceholder,
      });
    }
  }
  return {
    title: titleOf(record, strings),
    body: bodyOf(record, strings),
    tag: record.id,
    data,
    actions,
    requireInteraction: true,
  };
}

/** True for the data of a notification the kit showed. */
export function isQuestionNotificationData(value: unknown): value is QuestionNotificationData {
  if (typeof value !== "object" || value === null) return false;
  const data = value as Partial<QuestionNotificationData>;
  return (
    data.kind === QUESTION_NOTIFICATION_KIND &&
    typeof data.promptId === "string" &&
    typeof data.pageUrl === "string"
  );
}
