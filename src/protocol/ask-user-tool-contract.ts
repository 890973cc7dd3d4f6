import { MAX_ASK_USER_TEXT_LENGTH } from "./ask-user-tool-schema";
import { normalizeAskUserInput } from "./normalize-ask-user-input";
import { isRecord, joinPath } from "./parse-support";
import type { ParseIssue, QuestionOption } from "./types";

export {
  ASK_USER_INPUT_SCHEMA,
  ASK_USER_OUTPUT_SCHEMA,
  ASK_USER_TOOL_DESCRIPTION,
  type JsonSchemaObject,
  MAX_ASK_USER_TEXT_LENGTH,
} from "./ask-user-tool-schema";

/** Most field errors one rejected call lists; the rest are counted. */
const MAX_LISTED_ISSUES = 20;

/** One question of a validated `ask_user` call, in the fields the model wrote. */
export type AskUserToolQuestion = {
  id: string;
  header: string;
  question: string;
  options: QuestionOption[];
  multiSelect?: true;
};

/** A validated `ask_user` call: trimmed, header clamped, timeout defaulted and clamped. */
export type AskUserToolInput = { questions: AskUserToolQuestion[]; timeoutSeconds: number };

/** Paths of strings longer than the limit, in the normalizer's path format. */
function oversizedStrings(value: unknown, path: string, issues: ParseIssue[]): ParseIssue[] {
  if (typeof value === "string") {
    if (value.length > MAX_ASK_USER_TEXT_LENGTH) {
      issues.push({
        path: path === "" ? "(root)" : path,
        message: `must be at most ${MAX_ASK_USER_TEXT_LENGTH} characters, got ${value.length}`,
      });
    }
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => {
      oversizedStrings(item, joinPath(path, index), issues);
    });
  } else if (isRecord(value)) {
    for (const [key, item] of Object.entries(value))
      oversizedStrings(item, joinPath(path, key), issues);
  }
  return issues;
}

export function describeRejection(issues: readonly ParseIssue[]): string {
  const listed = issues
    .slice(0, MAX_LISTED_ISSUES)
    .map((issue) => `${issue.path}: ${issue.message}`);
  const rest = issues.length - listed.length;
  if (rest > 0) listed.push(`(${rest} more)`);
  return ["ask_user was not called; fix these fields and call it again:", ...listed].join("\n");
}

/**
 * Checks an `ask_user` call's input: strings over the size limit first (the rules' messages quote
 * ids and labels, and an error repeating a huge string back to the model would cost as much as
 * the string did), then the contract. The value is in the model's own field names, so the call in
 * the chat history passes the schema again.
 */
/**
 * Objects whose prototype was set from the input: a `__proto__` key that a copy on the way (an
 * assign or a spread) turned into the prototype, where no own-key check can see it.
 */
function foreignPrototypes(value: unknown, path: string, issues: ParseIssue[]): ParseIssue[] {
  if (Array.isArray(value)) {
    value.forEach((item, index) => {
      foreignPrototypes(item, joinPath(path, index), issues);
    });
  } else if (isRecord(value)) {
    const prototype: unknown = Object.getPrototypeOf(value);
    if (prototype !== Object.prototype && prototype !== null)
      issues.push({ path: joinPath(path, "__proto__"), message: "is not an allowed property" });
    for (const [key, item] of Object.entries(value))
      foreignPrototypes(item, joinPath(path, key), issues);
  }
  return issues;
}

export function checkAskUserToolInput(
  value: unknown,
): { ok: true; value: AskUserToolInput } | { ok: false; issues: ParseIssue[] } {
  const oversized = oversizedStrings(value, "", []);
  if (oversized.length > 0) return { ok: false, issues: oversized };
  const prototypes = foreignPrototypes(value, "", []);
  if (prototypes.length > 0) return { ok: false, issues: prototypes };
  const result = normalizeAskUserInput(value);
  if (!result.ok) return { ok: false, issues: result.errors };
  return {
    ok: true,
    value: {
      questions: result.value.questions.map((question) => ({
        id: question.questionId,
        header: question.header,
        question: question.question,
        options: question.options,
        ...(question.multiSelect === true ? { multiSelect: true as const } : {}),
      })),
      timeoutSeconds: result.value.timeoutSeconds,
    },
  };
}
