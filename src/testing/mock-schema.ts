import { countGatewayCharacters } from "../protocol/graphemes";

/** Minimal closed-object checks used to validate request params like the real gateway's schemas. */
export type FieldRule =
  | { kind: "string"; minLength?: number; maxLength?: number; pattern?: RegExp }
  | { kind: "integer"; minimum?: number }
  | { kind: "boolean"; constant?: boolean }
  | { kind: "stringArray" }
  | { kind: "any" };

/** A closed object: its known fields and which are required. */
export type ObjectRule = { fields: Record<string, FieldRule>; required: string[] };

/** Returns the first schema issue as "at <path>: <message>", or null when valid. */
export function checkObject(value: unknown, rule: ObjectRule, path: string): string | null {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return `${at(path)}must be object`;
  }
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    if (!(key in rule.fields)) return `${at(path)}unexpected property '${key}'`;
  }
  for (const key of rule.required) {
    if (!(key in record)) {
      const prefix = path === "" ? "" : at(path);
      return `${prefix}must have required property '${key}'`;
    }
  }
  for (const [key, fieldRule] of Object.entries(rule.fields)) {
    if (!(key in record)) continue;
    const issue = checkField(record[key], fieldRule, `${path}/${key}`);
    if (issue !== null) return issue;
  }
  return null;
}

function at(path: string): string {
  return path === "" ? "at root: " : `at ${path}: `;
}

function checkField(value: unknown, rule: FieldRule, path: string): string | null {
  switch (rule.kind) {
    case "string": {
      if (typeof value !== "string") return `${at(path)}must be string`;
      const length = countGatewayCharacters(value);
      if (rule.minLength !== undefined && length < rule.minLength) {
        return `${at(path)}must not have fewer than ${rule.minLength} characters`;
      }
      if (rule.maxLength !== undefined && length > rule.maxLength) {
        return `${at(path)}must not have more than ${rule.maxLength} characters`;
      }
      if (rule.pattern !== undefined && !rule.pattern.test(value)) {
        return `${at(path)}must match pattern "${rule.pattern.source}"`;
      }
      return null;
    }
    case "integer":
      if (typeof value !== "number" || !Number.isInteger(value))
        return `${at(path)}must be integer`;
      if (rule.minimum !== undefined && value < rule.minimum) {
        return `${at(path)}must be >= ${rule.minimum}`;
      }
      return null;
    case "boolean":
      if (typeof value !== "boolean") return `${at(path)}must be boolean`;
      if (rule.constant !== undefined && value !== rule.constant) {
        return `${at(path)}must be equal to constant`;
      }
      return null;
    case "stringArray":
      if (!Array.isArray(value) || value.some((item) => typeof item !== "string")) {
        return `${at(path)}must be array of strings`;
      }
      return null;
    case "any":
      return null;
    default:
      return rule satisfies never;
  }
}
