// Reads an MCP elicitation's `requestedSchema` (a flat object of primitive properties) into the
// kit's questions, one typed form field per property, and turns the answers back into content
// typed as the schema asks. Anything outside the spec's primitives is refused, never guessed.
import { BOOLEAN_LABELS, readNumber } from "./field-values";
import type { FieldFormat, QuestionField } from "./form-field";
import type { Question, QuestionAnswers, QuestionOption } from "./types";

/** One property of the form: its name in the schema and the question it became. */
export type FormProperty = {
  name: string;
  question: Question;
  /** Option label -> the value sent (`const` of `oneOf`/`anyOf`, or the enum value itself). */
  values: ReadonlyMap<string, string>;
};

/** A schema read into questions, or why it cannot be shown. */
export type FormReading =
  | { ok: true; properties: FormProperty[] }
  | { ok: false; reasons: string[] };

/** What `accept` carries: each answered property in the type its schema names. */
export type FormContent = Record<string, string | number | boolean | string[]>;

type Row = Record<string, unknown>;

const FORMATS: readonly FieldFormat[] = ["email", "uri", "date", "date-time"];

const isRow = (value: unknown): value is Row =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const isStringArray = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === "string");

const finite = (value: unknown): number | undefined =>
  typeof value === "number" && Number.isFinite(value) ? value : undefined;

/** `{const, title}` items of `oneOf` / `anyOf`, or null when they are not all of that shape. */
function titledItems(value: unknown): Array<{ value: string; title: string }> | null {
  if (!Array.isArray(value)) return null;
  const items = value.map((item) =>
    isRow(item) && typeof item.const === "string" && typeof item.title === "string"
      ? { value: item.const, title: item.title }
      : null,
  );
  return items.every((item) => item !== null) ? items : null;
}

/** Options are told apart as the store does: trimmed, in any case. */
const labelKey = (label: string): string => label.trim().toLowerCase();

/** A value without words of its own (empty, or only spaces) is shown quoted, so it has some. */
const wordsOf = (value: string): string => (value.trim() === "" ? JSON.stringify(value) : value);

/**
 * Unique, non-empty labels for the values: a title shared by two values gets its value beside it
 * (and a number after that, should even that be taken).
 */
function optionsOf(items: Array<{ value: string; title: string }>): {
  options: QuestionOption[];
  values: Map<string, string>;
} {
  const values = new Map<string, string>();
  const seen = new Set<string>();
  const options = items.map(({ value, title }) => {
    const trimmed = title.trim() === "" ? wordsOf(value) : title.trim();
    let label = seen.has(labelKey(trimmed)) ? `${trimmed} (${wordsOf(value)})` : trimmed;
    for (let count = 2; seen.has(labelKey(label)); count += 1) label = `${trimmed} (${count})`;
    seen.add(labelKey(label));
    values.set(label, value);
    return { label };
  });
  return { options, values };
}

type Read = { field: QuestionField; options: QuestionOption[]; values: Map<string, string> };

function readChoice(schema: Row, required: boolean): Read | string {
  const enumValues = schema.enum;
  const items =
    titledItems(schema.oneOf) ??
    (isStringArray(enumValues)
      ? enumValues.map((value, index) => ({
          value,
          title: isStringArray(schema.enumNames) ? (schema.enumNames[index] ?? value) : value,
        }))
      : null);
  if (items === null || items.length === 0) return "has no usable enum or oneOf values";
  const { options, values } = optionsOf(items);
  const fallback = typeof schema.default === "string" ? schema.default : undefined;
  const label = [...values].find(([, value]) => value === fallback)?.[0];
  return {
    field: { type: "choice", required, ...(label === undefined ? {} : { defaults: [label] }) },
    options,
    values,
  };
}

function readMultiChoice(schema: Row, required: boolean): Read | string {
  const items = isRow(schema.items) ? schema.items : null;
  const listed =
    titledItems(items?.anyOf) ??
    (isStringArray(items?.enum) ? items.enum.map((value) => ({ value, title: value })) : null);
  if (listed === null || listed.length === 0) return "is an array without enum or anyOf items";
  const { options, values } = optionsOf(listed);
  const defaults = isStringArray(schema.default)
    ? [...values]
        .filter(([, value]) => (schema.default as string[]).includes(value))
        .map(([l]) => l)
    : undefined;
  const minItems = finite(schema.minItems);
  const maxItems = finite(schema.maxItems);
  return {
    field: {
      type: "choice",
      required,
      ...(minItems === undefined ? {} : { minItems }),
      ...(maxItems === undefined ? {} : { maxItems }),
      ...(defaults === undefined || defaults.length === 0 ? {} : { defaults }),
    },
    options,
    values,
  };
}

function readProperty(schema: unknown, required: boolean): Read | string {
  if (!isRow(schema)) return "is not a schema object";
  const none = new Map<string, string>();
  switch (schema.type) {
    case "string": {
      if (schema.enum !== undefined || schema.oneOf !== undefined)
        return readChoice(schema, required);
      const format = FORMATS.find((candidate) => candidate === schema.format);
      if (schema.format !== undefined && format === undefined)
        return `has the format "${String(schema.format)}", which forms do not support`;
      const minLength = finite(schema.minLength);
      const maxLength = finite(schema.maxLength);
      const fallback = typeof schema.default === "string" ? [schema.default] : undefined;
      const field: QuestionField = {
        type: "string",
        required,
        ...(format === undefined ? {} : { format }),
        ...(minLength === undefined ? {} : { minLength }),
        ...(maxLength === undefined ? {} : { maxLength }),
        ...(fallback === undefined ? {} : { defaults: fallback }),
      };
      return { field, options: [], values: none };
    }
    case "number":
    case "integer": {
      const minimum = finite(schema.minimum);
      const maximum = finite(schema.maximum);
      const fallback = finite(schema.default);
      const field: QuestionField = {
        type: schema.type,
        required,
        ...(minimum === undefined ? {} : { minimum }),
        ...(maximum === undefined ? {} : { maximum }),
        ...(fallback === undefined ? {} : { defaults: [String(fallback)] }),
      };
      return { field, options: [], values: none };
    }
    case "boolean": {
      const fallback = typeof schema.default === "boolean" ? String(schema.default) : undefined;
      const field: QuestionField = {
        type: "boolean",
        required,
        ...(fallback === undefined ? {} : { defaults: [fallback] }),
      };
      return {
        field,
        options: BOOLEAN_LABELS.map((label) => ({ label })),
        values: new Map(BOOLEAN_LABELS.map((label) => [label, label])),
      };
    }
    case "array":
      return readMultiChoice(schema, required);
    default:
      return `has the type ${JSON.stringify(schema.type ?? null)}; forms ask strings, numbers, booleans and choices`;
  }
}

/** Reads `requestedSchema`; every property becomes a question `field_<n>` in schema order. */
export function readFormSchema(schema: unknown): FormReading {
  if (!isRow(schema) || schema.type !== "object" || !isRow(schema.properties))
    return { ok: false, reasons: ["the schema is not an object with properties"] };
  const required = new Set(isStringArray(schema.required) ? schema.required : []);
  const entries = Object.entries(schema.properties);
  if (entries.length === 0) return { ok: false, reasons: ["the form has no fields"] };
  const reasons: string[] = [];
  const names = new Set(entries.map(([name]) => name));
  // The server would refuse every answer: no field could ever give it that property.
  for (const name of required)
    if (!names.has(name)) reasons.push(`"${name}" is required but is not a field of the form`);
  const properties: FormProperty[] = [];
  entries.forEach(([name, property], index) => {
    const read = readProperty(property, required.has(name));
    if (typeof read === "string") {
      reasons.push(`"${name}" ${read}`);
      return;
    }
    const row = property as Row;
    // Any string is a property name, the empty one too; a question needs words to show.
    const named = name.trim() === "" ? `${index + 1}` : name;
    const title = typeof row.title === "string" && row.title.trim() !== "" ? row.title : named;
    const description = typeof row.description === "string" ? row.description.trim() : "";
    properties.push({
      name,
      values: read.values,
      question: {
        // Property names may be any string; question ids are snake_case, so they are numbered.
        questionId: `field_${index + 1}`,
        header: title,
        question: description === "" ? title : description,
        options: read.options,
        ...(read.field.type === "choice" && row.type === "array" ? { multiSelect: true } : {}),
        ...(read.options.length === 0 ? { isOther: true } : {}),
        field: read.field,
      },
    });
  });
  return reasons.length > 0 ? { ok: false, reasons } : { ok: true, properties };
}

/**
 * The `accept` content for the answers: numbers as numbers, booleans as booleans, choices as their
 * values. Built from entries, so every property name (`__proto__` too) is an own key of it. Text
 * that is no number stays text, which the schema's type then refuses.
 */
export function formContentOf(
  properties: readonly FormProperty[],
  answers: QuestionAnswers,
): FormContent {
  const entries: Array<[string, FormContent[string]]> = [];
  for (const { name, question, values } of properties) {
    const answer = answers.answers[question.questionId];
    if (answer === undefined || answer.length === 0) continue;
    const type = question.field?.type;
    const first = answer[0] ?? "";
    if (type === "number" || type === "integer") entries.push([name, readNumber(first) ?? first]);
    else if (type === "boolean") entries.push([name, first === BOOLEAN_LABELS[0]]);
    else if (question.multiSelect === true)
      entries.push([name, answer.map((label) => values.get(label) ?? label)]);
    else if (type === "choice") entries.push([name, values.get(first) ?? first]);
    else entries.push([name, first]);
  }
  return Object.fromEntries(entries);
}
