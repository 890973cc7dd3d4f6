// Generated MCP form schemas (every primitive and keyword a server may use, odd property names)
// and what a user could put into each field of the dock: the inputs of the validator property test.
import fc from "fast-check";

type Row = Record<string, unknown>;

/** One property: its name, its schema, and whether the form requires it. */
export type PropertySpec = { name: string; schema: Row; required: boolean };

/** What the user does to one field: leave it, type, pick one option or none, pick several. */
export type FieldAction =
  | { kind: "leave" }
  | { kind: "type"; text: string }
  | { kind: "pick"; index: number | null }
  | { kind: "picks"; indexes: number[] };

const NAMES = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom("__proto__", "constructor", "toString", "", "valueOf") },
  { weight: 2, arbitrary: fc.constantFrom("n".repeat(300), "名前", "a b", "a/b~c", "%20") },
  { weight: 5, arbitrary: fc.stringMatching(/^[a-z][a-zA-Z0-9_]{0,11}$/) },
  { weight: 1, arbitrary: fc.string({ maxLength: 8 }) },
);

const WORDS = fc.oneof(
  fc.constantFrom("", "Zip", "Five digits, e.g. 10115", "Ihr Name", "メール", "😀"),
  fc.string({ maxLength: 16 }),
);

/** Texts a user types, and texts that meet or miss the generated rules. */
export const TEXTS = fc.oneof(
  fc.constantFrom(
    "",
    " ",
    "abc",
    "ABC",
    "10115",
    "1234",
    "123456",
    "ada@example.com",
    "ada@localhost",
    "a@b",
    `ada@${"a".repeat(64)}.example`,
    "https://example.com/path?q=1",
    "urn:isbn:0451450523",
    "http://",
    "not a uri",
    "2024-02-29",
    "2026-02-29",
    "2026-12-02",
    "2026-12-02T10:30:00Z",
    "2026-12-02T10:30:00+01",
    "2026-12-02T10:30",
    "2026-12-02t23:59:60z",
    "ÄÖÜ straße",
    "😀😀",
    "  padded  ",
    "x".repeat(40),
    "EU",
  ),
  fc.string({ maxLength: 10 }),
  fc.stringMatching(/^[0-9]{3,6}$/),
);

/** What a number input gives (a valid HTML float), and text it would never give. */
export const NUMBER_TEXTS = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: -20, max: 120 }).map(String) },
  {
    weight: 3,
    arbitrary: fc
      .double({ min: -50, max: 150, noNaN: true, noDefaultInfinity: true })
      .map((value) => String(value)),
  },
  {
    weight: 2,
    arbitrary: fc.constantFrom("01", ".5", "-0", "1e2", "2.50", "0.1", "0.3", "1e400", "-.25"),
  },
  { weight: 1, arbitrary: fc.constantFrom("", "abc", "1,5", " 5 ", "0x10", "Infinity", "5.") },
);

const MULTIPLES = fc.constantFrom(1, 2, 3, 5, 0.5, 0.25, 0.1);
const PATTERNS = fc.constantFrom(
  "^[0-9]{5}$",
  "^[a-z]+$",
  "^\\S+$",
  "abc",
  "^.{2,4}$",
  "[A-Z]",
  "^\\p{L}+( \\p{L}+)*$",
  "^$",
);
const LIMITS = fc.integer({ min: 0, max: 12 });
const BOUNDS = fc.integer({ min: -10, max: 100 });

/** `value` now and then (one time in `every`), else null: most rules are left out of a field. */
const sometimes = <T>(value: fc.Arbitrary<T>, every = 3): fc.Arbitrary<T | null> =>
  fc.oneof({ weight: every - 1, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: value });

/** Adds `key: value` when `value` is defined. */
const maybe = (key: string, value: unknown): Row => (value === undefined ? {} : { [key]: value });

const described = fc.record({ title: sometimes(WORDS, 2), description: sometimes(WORDS, 2) });

function texts(): fc.Arbitrary<Row> {
  return fc
    .record({
      minLength: sometimes(LIMITS),
      maxLength: sometimes(LIMITS),
      format: sometimes(fc.constantFrom("email", "uri", "date", "date-time")),
      pattern: sometimes(PATTERNS),
      default: sometimes(TEXTS),
      const: sometimes(fc.constantFrom("EU", "10115", "abc"), 8),
    })
    .map((rules) => ({
      type: "string",
      ...Object.fromEntries(Object.entries(rules).filter(([, value]) => value !== null)),
    }));
}

function numbers(): fc.Arbitrary<Row> {
  return fc
    .record({
      type: fc.constantFrom("number", "integer"),
      minimum: sometimes(BOUNDS),
      maximum: sometimes(BOUNDS),
      exclusiveMinimum: sometimes(BOUNDS),
      exclusiveMaximum: sometimes(BOUNDS),
      multipleOf: sometimes(MULTIPLES),
      default: sometimes(fc.oneof(BOUNDS, fc.constantFrom(2.5, 0.1, 1e21))),
      const: sometimes(fc.constantFrom(5, 10), 8),
    })
    .map((rules) =>
      Object.fromEntries(Object.entries(rules).filter(([, value]) => value !== null)),
    );
}

function booleans(): fc.Arbitrary<Row> {
  return fc
    .record({ default: sometimes(fc.boolean()), const: sometimes(fc.boolean(), 4) })
    .map((rules) => ({
      type: "boolean",
      ...maybe("default", rules.default ?? undefined),
      ...maybe("const", rules.const ?? undefined),
    }));
}

const VALUES = fc.uniqueArray(fc.oneof(fc.constantFrom("eu", "us", "ap", "EU"), fc.string()), {
  minLength: 1,
  maxLength: 5,
});

function choices(): fc.Arbitrary<Row> {
  return fc
    .record({
      values: VALUES,
      titled: fc.boolean(),
      titles: fc.array(WORDS, { minLength: 5, maxLength: 5 }),
      defaultIndex: sometimes(fc.nat(5)),
    })
    .map(({ values, titled, titles, defaultIndex }) => ({
      type: "string",
      ...(titled
        ? { oneOf: values.map((value, index) => ({ const: value, title: titles[index] ?? "" })) }
        : { enum: values }),
      ...maybe("default", defaultIndex === null ? undefined : values[defaultIndex]),
    }));
}

function lists(): fc.Arbitrary<Row> {
  return fc
    .record({
      values: VALUES,
      titled: fc.boolean(),
      titles: fc.array(WORDS, { minLength: 5, maxLength: 5 }),
      minItems: sometimes(fc.nat(3)),
      maxItems: sometimes(fc.nat(4)),
      defaults: sometimes(fc.array(fc.nat(5), { maxLength: 3 })),
    })
    .map(({ values, titled, titles, minItems, maxItems, defaults }) => ({
      type: "array",
      items: titled
        ? { anyOf: values.map((value, index) => ({ const: value, title: titles[index] ?? "" })) }
        : { type: "string", enum: values },
      ...maybe("minItems", minItems ?? undefined),
      ...maybe("maxItems", maxItems ?? undefined),
      ...maybe(
        "default",
        defaults === null ? undefined : [...new Set(defaults.map((index) => values[index]))],
      ),
    }));
}

const PROPERTY_SCHEMA = fc
  .tuple(fc.oneof(texts(), numbers(), booleans(), choices(), lists()), described)
  .map(([schema, words]) => ({
    ...schema,
    ...maybe("title", words.title ?? undefined),
    ...maybe("description", words.description ?? undefined),
  }));

/** A form of 1 to 5 properties with unique names. */
export const FORM_SPECS: fc.Arbitrary<PropertySpec[]> = fc.uniqueArray(
  fc.record({ name: NAMES, schema: PROPERTY_SCHEMA, required: fc.boolean() }),
  { minLength: 1, maxLength: 5, selector: (spec) => spec.name },
);

/** The schema a server sends for the specs (own keys only, `__proto__` too). */
export function schemaOf(specs: readonly PropertySpec[]): Row {
  return {
    type: "object",
    properties: Object.fromEntries(specs.map((spec) => [spec.name, spec.schema])),
    required: specs.filter((spec) => spec.required).map((spec) => spec.name),
  };
}

/** An action for a field of the given schema; `first` allows leaving it as it came. */
export function actionFor(schema: Row, first: boolean): fc.Arbitrary<FieldAction> {
  const leave = fc.constant<FieldAction>({ kind: "leave" });
  const typed = (text: fc.Arbitrary<string>) =>
    text.map((value): FieldAction => ({ kind: "type", text: value }));
  const isChoice = schema.enum !== undefined || schema.oneOf !== undefined;
  let action: fc.Arbitrary<FieldAction>;
  if (schema.type === "array")
    action = fc
      .array(fc.nat(5), { maxLength: 5 })
      .map((indexes): FieldAction => ({ kind: "picks", indexes }));
  else if (schema.type === "boolean" || isChoice)
    action = fc
      .option(fc.nat(5), { freq: 4 })
      .map((index): FieldAction => ({ kind: "pick", index }));
  else if (schema.type === "number" || schema.type === "integer") action = typed(NUMBER_TEXTS);
  else action = typed(TEXTS);
  return first ? fc.oneof(leave, action) : action;
}

/** Four answer sets for a form: the first may leave fields as they came, the others set each. */
export function answerSetsFor(specs: readonly PropertySpec[]): fc.Arbitrary<FieldAction[][]> {
  const set = (first: boolean) => fc.tuple(...specs.map((spec) => actionFor(spec.schema, first)));
  return fc.tuple(set(true), set(false), set(false), set(false));
}
