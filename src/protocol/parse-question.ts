import {
  MAX_FORM_OPTIONS,
  MAX_OPTIONS,
  MIN_ASYNC_OPTIONS,
  MIN_OPTIONS,
  QUESTION_ID_PATTERN,
} from "./constants";
import { clampHeader } from "./graphemes";
import { isSafeHttpUrl } from "./links";
import { parseField } from "./parse-field";
import { describeKind, type IssueCollector, isRecord, joinPath } from "./parse-support";
import type { Question, QuestionAnswers, QuestionOption } from "./types";

function parseOption(value: unknown, path: string, issues: IssueCollector): QuestionOption | null {
  if (!issues.requireRecord(value, path)) return null;
  const label = issues.requireString(value.label, joinPath(path, "label"), { nonEmpty: true });
  const description = issues.optionalString(value.description, joinPath(path, "description"));
  if (label === null) return null;
  return description === undefined ? { label } : { label, description };
}

function parseOptions(
  value: unknown,
  path: string,
  issues: IssueCollector,
  isField: boolean,
  fewest: number,
): QuestionOption[] | null {
  if (!Array.isArray(value)) {
    issues.add(path, `must be an array, got ${describeKind(value)}`);
    return null;
  }
  // A form field's choice may list any number of options; an `ask_user` question 2 to 4.
  if (isField) {
    if (value.length > MAX_FORM_OPTIONS) {
      issues.add(path, `needs at most ${MAX_FORM_OPTIONS} options, got ${value.length}`);
      return null;
    }
  } else if (value.length > MAX_OPTIONS || (value.length > 0 && value.length < fewest)) {
    issues.add(
      path,
      `needs no options or ${fewest} to ${MAX_OPTIONS} options, got ${value.length}`,
    );
    return null;
  }
  const options: QuestionOption[] = [];
  const seenLabels = new Set<string>();
  value.forEach((item, index) => {
    const option = parseOption(item, joinPath(path, index), issues);
    if (option === null) return;
    const key = option.label.trim().toLowerCase();
    if (seenLabels.has(key)) {
      issues.add(
        joinPath(joinPath(path, index), "label"),
        `duplicate option label '${option.label}'`,
      );
      return;
    }
    seenLabels.add(key);
    options.push(option);
  });
  return options.length === value.length ? options : null;
}

/**
 * Parses one question of a gateway record; a long header is clamped, not rejected. An OpenClaw
 * async question's (`async`) may have one option, and its header is a title shown whole.
 */
export function parseQuestion(
  value: unknown,
  path: string,
  issues: IssueCollector,
  async = false,
): Question | null {
  if (!issues.requireRecord(value, path)) return null;
  const before = issues.issues.length;
  const questionId = issues.requireString(value.questionId, joinPath(path, "questionId"));
  if (questionId !== null && !QUESTION_ID_PATTERN.test(questionId)) {
    issues.add(joinPath(path, "questionId"), `must be snake_case (${QUESTION_ID_PATTERN.source})`);
  }
  const header = issues.requireString(value.header, joinPath(path, "header"));
  const question = issues.requireString(value.question, joinPath(path, "question"), {
    nonEmpty: true,
  });
  const rawUrl = issues.optionalString(value.url, joinPath(path, "url"));
  // A forbidden link must not cost the question: it is shown without the link.
  const url = rawUrl !== undefined && isSafeHttpUrl(rawUrl) ? rawUrl : undefined;
  if (rawUrl !== undefined && url === undefined) {
    issues.warn(
      joinPath(path, "url"),
      "left out: must be an http(s) URL without credentials, at most 2048 characters",
    );
  }
  // Checked where it matters, by the view that shows and opens it (`readOpenableUrl`): records
  // that parse here come from gateways, which never send one, and from the MCP source, which checked it.
  const openUrl = issues.optionalString(value.openUrl, joinPath(path, "openUrl"));
  if (openUrl !== undefined && Array.isArray(value.options) && value.options.length > 0)
    issues.add(joinPath(path, "options"), "must be empty for a question with openUrl");
  const field = parseField(value.field, joinPath(path, "field"), issues);
  const options = parseOptions(
    value.options,
    joinPath(path, "options"),
    issues,
    field !== undefined,
    async ? MIN_ASYNC_OPTIONS : MIN_OPTIONS,
  );
  // Kept only as one of the options' labels (`defaultDraftOf` chooses it).
  const preselect = issues.optionalString(value.preselect, joinPath(path, "preselect"));
  const multiSelect = issues.optionalBoolean(value.multiSelect, joinPath(path, "multiSelect"));
  const isOther = issues.optionalBoolean(value.isOther, joinPath(path, "isOther"));
  const isSecret = issues.optionalBoolean(value.isSecret, joinPath(path, "isSecret"));
  if (issues.issues.length > before || questionId === null || header === null) return null;
  if (question === null || options === null || field === null) return null;
  return {
    questionId,
    // A form field's title and a URL's host are shown whole: 12 characters is `ask_user`'s rule.
    header: field === undefined && openUrl === undefined && !async ? clampHeader(header) : header,
    question,
    ...(url === undefined ? {} : { url }),
    options,
    ...(multiSelect === undefined ? {} : { multiSelect }),
    ...(isOther === undefined ? {} : { isOther }),
    ...(isSecret === undefined ? {} : { isSecret }),
    ...(field === undefined ? {} : { field }),
    ...(preselect === undefined ? {} : { preselect }),
    ...(openUrl === undefined ? {} : { openUrl }),
  };
}

/** Parses `{ answers: { [questionId]: string[] } }`. */
export function parseAnswers(
  value: unknown,
  path: string,
  issues: IssueCollector,
): QuestionAnswers | null {
  if (!isRecord(value) || !isRecord(value.answers)) {
    issues.add(
      joinPath(path, "answers"),
      "must be an object of string arrays keyed by question id",
    );
    return null;
  }
  const before = issues.issues.length;
  const answers: [string, string[]][] = [];
  for (const [questionId, values] of Object.entries(value.answers)) {
    const entryPath = joinPath(joinPath(path, "answers"), questionId);
    if (!QUESTION_ID_PATTERN.test(questionId))
      issues.add(entryPath, "key must be a snake_case question id");
    const strings = issues.requireStringArray(values, entryPath);
    if (strings !== null) answers.push([questionId, strings]);
  }
  return issues.issues.length > before ? null : { answers: Object.fromEntries(answers) };
}
