import type { ParseIssue } from "./types";

/** A plain JSON object (not null, not an array). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Joins a field path the way error messages show it: `questions[0].options`. */
export function joinPath(base: string, key: string | number): string {
  if (typeof key === "number") return `${base}[${key}]`;
  return base === "" ? key : `${base}.${key}`;
}

/** Names a JSON value's kind for error messages. */
export function describeKind(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number" && !Number.isFinite(value)) return "non-finite number";
  return typeof value;
}

/** Issues on one line for a diagnostic or an error: `path: message; path: message`. */
export function describeIssues(issues: readonly ParseIssue[], pathPrefix = ""): string {
  return issues.map((issue) => `${pathPrefix}${issue.path}: ${issue.message}`).join("; ");
}

/** Names a gateway value by its id in a diagnostic, when it has one. */
export function describeId(value: unknown): string {
  return isRecord(value) && typeof value.id === "string" ? `'${value.id}'` : "without an id";
}

/** Collects issues while a parser walks a value. */
export class IssueCollector {
  readonly issues: ParseIssue[] = [];
  /** Parts left out so that the rest of the value could still be used. */
  readonly warnings: ParseIssue[] = [];

  add(path: string, message: string): void {
    this.issues.push({ path: path === "" ? "(root)" : path, message });
  }

  warn(path: string, message: string): void {
    this.warnings.push({ path: path === "" ? "(root)" : path, message });
  }

  get isEmpty(): boolean {
    return this.issues.length === 0;
  }

  /** True for a plain object; anything else is recorded as an issue. */
  requireRecord(value: unknown, path: string): value is Record<string, unknown> {
    if (isRecord(value)) return true;
    this.add(path, `must be an object, got ${describeKind(value)}`);
    return false;
  }

  requireString(value: unknown, path: string, options?: { nonEmpty?: boolean }): string | null {
    if (typeof value !== "string") {
      this.add(path, `must be a string, got ${describeKind(value)}`);
      return null;
    }
    if (options?.nonEmpty === true && value.length === 0) {
      this.add(path, "must not be empty");
      return null;
    }
    return value;
  }

  optionalString(
    value: unknown,
    path: string,
    options?: { nonEmpty?: boolean },
  ): string | undefined {
    if (value === undefined) return undefined;
    return this.requireString(value, path, options) ?? undefined;
  }

  requireInteger(value: unknown, path: string, minimum: number): number | null {
    if (typeof value !== "number" || !Number.isInteger(value)) {
      this.add(path, `must be an integer, got ${describeKind(value)}`);
      return null;
    }
    if (value < minimum) {
      this.add(path, `must be at least ${minimum}, got ${value}`);
      return null;
    }
    return value;
  }

  optionalBoolean(value: unknown, path: string): boolean | undefined {
    if (value === undefined) return undefined;
    if (typeof value !== "boolean") {
      this.add(path, `must be a boolean, got ${describeKind(value)}`);
      return undefined;
    }
    return value;
  }

  requireStringArray(value: unknown, path: string): string[] | null {
    if (!Array.isArray(value)) {
      this.add(path, `must be an array, got ${describeKind(value)}`);
      return null;
    }
    const strings: string[] = [];
    value.forEach((item, index) => {
      if (typeof item === "string") strings.push(item);
      else this.add(joinPath(path, index), `must be a string, got ${describeKind(item)}`);
    });
    return strings.length === value.length ? strings : null;
  }
}
