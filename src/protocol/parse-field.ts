import type { FieldFormat, QuestionField } from "./form-field";
import { describeKind, type IssueCollector, joinPath } from "./parse-support";

const TYPES: ReadonlyArray<QuestionField["type"]> = [
  "string",
  "number",
  "integer",
  "boolean",
  "choice",
];
const FORMATS: readonly FieldFormat[] = ["email", "uri", "date", "date-time"];
const BOUNDS = ["minLength", "maxLength", "minimum", "maximum", "minItems", "maxItems"] as const;

/** Parses a question's `field`; undefined when there is none. */
export function parseField(
  value: unknown,
  path: string,
  issues: IssueCollector,
): QuestionField | undefined | null {
  if (value === undefined) return undefined;
  if (!issues.requireRecord(value, path)) return null;
  const before = issues.issues.length;
  const type = TYPES.find((candidate) => candidate === value.type);
  if (type === undefined) issues.add(joinPath(path, "type"), `must be one of ${TYPES.join(", ")}`);
  const required = issues.optionalBoolean(value.required, joinPath(path, "required"));
  const format = FORMATS.find((candidate) => candidate === value.format);
  if (value.format !== undefined && format === undefined)
    issues.add(joinPath(path, "format"), `must be one of ${FORMATS.join(", ")}`);
  const bounds: Partial<Record<(typeof BOUNDS)[number], number>> = {};
  for (const bound of BOUNDS) {
    const item = value[bound];
    if (item === undefined) continue;
    if (typeof item !== "number" || !Number.isFinite(item))
      issues.add(joinPath(path, bound), `must be a number, got ${describeKind(item)}`);
    else bounds[bound] = item;
  }
  const defaults =
    value.defaults === undefined
      ? undefined
      : issues.requireStringArray(value.defaults, joinPath(path, "defaults"));
  if (issues.issues.length > before || type === undefined || defaults === null) return null;
  return {
    type,
    required: required ?? true,
    ...(format === undefined ? {} : { format }),
    ...bounds,
    ...(defaults === undefined ? {} : { defaults }),
  };
}
