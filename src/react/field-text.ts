import { displayText } from "../protocol/display-text";
import { BOOLEAN_LABELS } from "../protocol/field-values";
import type { FieldIssue } from "../protocol/form-field";
import type { Question } from "../protocol/types";
import type { Dictionary, DictionaryKey } from "./i18n/en";
import { formatMessage } from "./i18n/format";

const ISSUE_KEYS: Record<FieldIssue["rule"], DictionaryKey> = {
  required: "fieldRequired",
  minLength: "fieldMinLength",
  maxLength: "fieldMaxLength",
  email: "fieldEmail",
  uri: "fieldUri",
  date: "fieldDate",
  "date-time": "fieldDateTime",
  number: "fieldNumber",
  integer: "fieldInteger",
  minimum: "fieldMinimum",
  maximum: "fieldMaximum",
  exclusiveMinimum: "fieldExclusiveMinimum",
  exclusiveMaximum: "fieldExclusiveMaximum",
  minItems: "fieldMinItems",
  maxItems: "fieldMaxItems",
  pattern: "fieldPattern",
  schema: "fieldServerRule",
};

/**
 * The rule a form field's answer breaks, said in the dictionary's language. A `pattern` names the
 * form the server asks for in its own words; any other rule of the server's is named as written.
 */
export function fieldIssueText(issue: FieldIssue, dictionary: Dictionary): string {
  const limit =
    issue.limit === undefined ? "" : new Intl.NumberFormat(dictionary.locale).format(issue.limit);
  return formatMessage(dictionary, ISSUE_KEYS[issue.rule], {
    limit,
    hint: displayText(issue.hint ?? ""),
    rule: displayText(issue.detail ?? ""),
  });
}

/** True for a yes/no field, whose option labels are `true` and `false`. */
export function isYesNo(question: Pick<Question, "field">): boolean {
  return question.field?.type === "boolean";
}

/** An answer value as shown: a yes/no field's `true` and `false` say Yes and No. */
export function shownValue(
  value: string,
  yesNo: boolean,
  dictionary: Pick<Dictionary, "fieldYes" | "fieldNo">,
): string {
  if (!yesNo) return value;
  if (value === BOOLEAN_LABELS[0]) return dictionary.fieldYes;
  return value === BOOLEAN_LABELS[1] ? dictionary.fieldNo : value;
}
