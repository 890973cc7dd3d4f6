import { readNumber } from "./field-values";
import type { Question } from "./types";

/** Text formats a form field may ask for (MCP's string formats). */
export type FieldFormat = "email" | "uri" | "date" | "date-time";

/**
 * A question that is a typed form field (an MCP elicitation property), not an `ask_user` choice:
 * what its answer is and the rules it must meet. Answers stay strings, as every answer does; a
 * boolean field's options are `true` and `false`, shown as Yes and No.
 */
export type QuestionField = {
  type: "string" | "number" | "integer" | "boolean" | "choice";
  /** False when the field may be left empty. */
  required: boolean;
  format?: FieldFormat;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  /** What the field holds before the user changes it: option labels, or the text. */
  defaults?: string[];
};

/**
 * The rule an answer breaks; `limit` is the number in the rule (at least 3, at most 10...). The
 * kit's own rules give the first kinds; a source's own check (an MCP server's schema) may also
 * give exclusive bounds, a `pattern` and any other rule of its validator (`schema`).
 */
export type FieldIssue = {
  rule:
    | "required"
    | "minLength"
    | "maxLength"
    | FieldFormat
    | "number"
    | "integer"
    | "minimum"
    | "maximum"
    | "exclusiveMinimum"
    | "exclusiveMaximum"
    | "minItems"
    | "maxItems"
    | "pattern"
    | "schema";
  limit?: number;
  /** `pattern`: the form the field asks for, in the server's words (its description, else the pattern). */
  hint?: string;
  /** `schema`: the rule as the server's schema names it, e.g. `multipleOf 5`. */
  detail?: string;
};

// At least as strict as the JSON Schema formats a server checks with, so the dock never lets
// through what the server refuses: RFC 3339 full-date and date-time, an absolute URI, and an
// address with a dotted domain.
const EMAIL =
  /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME =
  /^(\d{4}-\d{2}-\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(?:[Zz]|[+-](\d{2}):(\d{2}))$/;
const URI = /^[A-Za-z][A-Za-z0-9+.-]*:[^\s]*$/;

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function isDate(text: string): boolean {
  const match = DATE.exec(text);
  if (match === null) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const days = month === 2 && !leap ? 28 : (DAYS_IN_MONTH[month - 1] ?? 0);
  return month >= 1 && month <= 12 && day >= 1 && day <= days;
}

function isDateTime(text: string): boolean {
  const match = DATE_TIME.exec(text);
  if (match === null || !isDate(match[1] ?? "")) return false;
  const [hour, minute, second] = [Number(match[2]), Number(match[3]), Number(match[4])];
  const offsetOk =
    match[5] === undefined || (Number(match[5]) <= 23 && Number(match[6] ?? "0") <= 59);
  return hour <= 23 && minute <= 59 && second <= 59 && offsetOk;
}

function isUri(text: string): boolean {
  if (!URI.test(text)) return false;
  try {
    new URL(text);
    return true;
  } catch {
    return false;
  }
}

const FORMAT_CHECKS: Record<FieldFormat, (text: string) => boolean> = {
  email: (text) => EMAIL.test(text),
  uri: isUri,
  date: isDate,
  "date-time": isDateTime,
};

/** Length as JSON Schema counts it: in code points, so an emoji is one character. */
const lengthOf = (text: string): number => [...text].length;

function textIssue(field: QuestionField, text: string): FieldIssue | null {
  const length = lengthOf(text);
  if (field.minLength !== undefined && length < field.minLength)
    return { rule: "minLength", limit: field.minLength };
  if (field.maxLength !== undefined && length > field.maxLength)
    return { rule: "maxLength", limit: field.maxLength };
  if (field.format !== undefined && !FORMAT_CHECKS[field.format](text))
    return { rule: field.format };
  return null;
}

function numberIssue(field: QuestionField, text: string): FieldIssue | null {
  const value = readNumber(text);
  if (value === null) return { rule: field.type === "integer" ? "integer" : "number" };
  if (field.type === "integer" && !Number.isInteger(value)) return { rule: "integer" };
  if (field.minimum !== undefined && value < field.minimum)
    return { rule: "minimum", limit: field.minimum };
  if (field.maximum !== undefined && value > field.maximum)
    return { rule: "maximum", limit: field.maximum };
  return null;
}

/**
 * The first rule the answer `values` breaks, or null when it may be sent. A question without a
 * field needs one value; an optional field may stay empty; the rest are the field's own rules.
 */
export function fieldIssue(question: Question, values: readonly string[]): FieldIssue | null {
  const field = question.field;
  if (values.length === 0) return field?.required === false ? null : { rule: "required" };
  if (field === undefined) return null;
  if (question.multiSelect === true) {
    if (field.minItems !== undefined && values.length < field.minItems)
      return { rule: "minItems", limit: field.minItems };
    if (field.maxItems !== undefined && values.length > field.maxItems)
      return { rule: "maxItems", limit: field.maxItems };
    return null;
  }
  const text = values[0] ?? "";
  if (field.type === "string") return textIssue(field, text);
  if (field.type === "number" || field.type === "integer") return numberIssue(field, text);
  return null;
}
