// Checks a form's content against the whole `requestedSchema` with the validator the MCP SDK's
// server checks elicitation results with (its ajv provider, default options), so the dock refuses
// exactly what the server would, and says each failure at its field.
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import type { FieldFormat, FieldIssue } from "../protocol/form-field";
import { type FormProperty, formContentOf } from "../protocol/form-schema";
import type { AnswerCheck } from "../store/question-source";

type Row = Record<string, unknown>;

/** One error as ajv reports it. */
type SchemaError = { keyword: string; instancePath: string; schemaPath: string; params: Row };

type Compiled = ((data: unknown) => boolean) & { errors?: SchemaError[] | null };

/** The SDK's provider keeps its ajv instance private; the kit reads its structured errors. */
type WithAjv = { _ajv?: { compile?: (schema: object) => Compiled } };

type Verdict = (content: unknown) => { valid: boolean; errorMessage?: string | undefined };

/** A form's check, or why the validator cannot read its schema. */
export type FormCheck = { ok: true; check: AnswerCheck } | { ok: false; reasons: string[] };

/** The validator of one MCP client's forms: the SDK server's default, compiled once per form. */
export type FormValidator = { compile(schema: unknown, properties: FormProperty[]): FormCheck };

const FORMATS: readonly FieldFormat[] = ["email", "uri", "date", "date-time"];
const LIMITS = new Set([
  "minLength",
  "maxLength",
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "minItems",
  "maxItems",
]);
const MISSING = new Set(["required", "dependentRequired", "dependencies"]);
/** Longest rule text shown from a schema (a `not` or `enum` may be long). */
const MAX_DETAIL = 160;
const NO_ISSUES: ReadonlyMap<string, FieldIssue> = new Map();

const isRow = (value: unknown): value is Row =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** `a~1b` is `a/b`, as JSON Pointer escapes it (RFC 6901). */
const unescapePointer = (segment: string): string =>
  segment.replace(/~1/g, "/").replace(/~0/g, "~");

/** A fragment's segment: percent-decoded, then unescaped as JSON Pointer. */
function fragmentSegment(segment: string): string | undefined {
  try {
    return unescapePointer(decodeURIComponent(segment));
  } catch {
    return undefined;
  }
}

/** The part of `schema` at a JSON Pointer fragment (`#/properties/zip/pattern`). */
function atPointer(schema: unknown, pointer: string): unknown {
  const path = pointer.replace(/^#/, "");
  let node = schema;
  if (path === "") return node;
  for (const segment of path.slice(1).split("/")) {
    const key = fragmentSegment(segment);
    if (key === undefined || (!isRow(node) && !Array.isArray(node))) return undefined;
    node = Object.hasOwn(node, key) ? (node as Row)[key] : undefined;
  }
  return node;
}

/** The rule as the schema writes it: `multipleOf 5`, `const "eu"`. */
function ruleOf(schema: unknown, error: SchemaError): string {
  const value = atPointer(schema, error.schemaPath);
  const text = value === undefined ? "" : ` ${JSON.stringify(value)}`;
  const rule = `${error.keyword}${text}`;
  return rule.length > MAX_DETAIL ? `${rule.slice(0, MAX_DETAIL - 1)}…` : rule;
}

/** The property an error is about: the first step of its path, or the name a root rule gives. */
function propertyOf(error: SchemaError): string | undefined {
  if (error.instancePath !== "") return unescapePointer(error.instancePath.split("/")[1] ?? "");
  const { missingProperty, additionalProperty, propertyName } = error.params;
  const name = missingProperty ?? additionalProperty ?? propertyName;
  return typeof name === "string" ? name : undefined;
}

const finite = (value: unknown): number | undefined =>
  typeof value === "number" && Number.isFinite(value) ? value : undefined;

/** The kit's sentence for the error where it has one, else the schema's rule by name. */
function issueOf(schema: unknown, error: SchemaError, description: unknown): FieldIssue {
  const { keyword, params } = error;
  const limit = finite(params.limit);
  if (MISSING.has(keyword) && error.instancePath === "") return { rule: "required" };
  if (LIMITS.has(keyword) && limit !== undefined)
    return { rule: keyword as FieldIssue["rule"], limit };
  const format = FORMATS.find((candidate) => candidate === params.format);
  if (keyword === "format" && format !== undefined) return { rule: format };
  if (keyword === "type" && (params.type === "number" || params.type === "integer"))
    return { rule: params.type };
  if (keyword === "pattern") {
    const hint = typeof description === "string" ? description.trim() : "";
    return { rule: "pattern", hint: hint === "" ? String(params.pattern ?? "") : hint };
  }
  return { rule: "schema", detail: ruleOf(schema, error) };
}

/** Every failure at the field it is about; what no field owns goes to the last one. */
function issuesAt(
  schema: unknown,
  properties: readonly FormProperty[],
  errors: readonly SchemaError[],
  message: string | undefined,
): ReadonlyMap<string, FieldIssue> {
  const byName = new Map(properties.map((property) => [property.name, property]));
  const shapes = isRow(schema) && isRow(schema.properties) ? schema.properties : {};
  const issues = new Map<string, FieldIssue>();
  const unowned: SchemaError[] = [];
  for (const error of errors) {
    const name = propertyOf(error);
    const property = name === undefined ? undefined : byName.get(name);
    if (property === undefined || name === undefined) {
      unowned.push(error);
      continue;
    }
    const id = property.question.questionId;
    const shape = Object.hasOwn(shapes, name) ? shapes[name] : undefined;
    if (!issues.has(id))
      issues.set(id, issueOf(schema, error, isRow(shape) ? shape.description : ""));
  }
  const last = properties.at(-1)?.question.questionId;
  if (issues.size === 0 && last !== undefined) {
    const [first] = unowned;
    const detail = first === undefined ? (message ?? "") : ruleOf(schema, first);
    issues.set(last, { rule: "schema", detail });
  }
  return issues;
}

/** The validator for one MCP client; each form's schema is compiled when it arrives. */
export function createFormValidator(): FormValidator {
  const validator = new AjvJsonSchemaValidator();
  const ajv = (validator as unknown as WithAjv)._ajv;
  return {
    compile: (schema, properties) => {
      let verdict: Verdict;
      try {
        verdict = validator.getValidator(
          schema as Parameters<AjvJsonSchemaValidator["getValidator"]>[0],
        );
      } catch (error) {
        const why = error instanceof Error ? error.message : String(error);
        return { ok: false, reasons: [`the server's schema validator cannot read it: ${why}`] };
      }
      let detailed: Compiled | undefined;
      try {
        // The same compiled function (ajv caches it per schema object), read for its errors.
        detailed = isRow(schema) ? ajv?.compile?.(schema) : undefined;
      } catch {
        detailed = undefined;
      }
      const check: AnswerCheck = (answers) => {
        // What goes on the wire: the content as the server parses it.
        const content: unknown = JSON.parse(JSON.stringify(formContentOf(properties, answers)));
        const result = verdict(content);
        if (result.valid) return NO_ISSUES;
        const errors = detailed !== undefined && !detailed(content) ? (detailed.errors ?? []) : [];
        return issuesAt(schema, properties, errors, result.errorMessage);
      };
      return { ok: true, check };
    },
  };
}
