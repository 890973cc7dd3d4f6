import { MAX_LABEL_LENGTH, MAX_OPTIONS, MIN_OPTIONS } from "./constants";
import { describeKind, isRecord, joinPath } from "./parse-support";
import type { ParseIssue, QuestionOption } from "./types";

const OPTION_KEYS = new Set(["label", "description"]);
const AUTHORED_OTHER_PATTERN = /^other\b/i;

/** Errors and warnings gathered while normalizing. */
export type NormalizeContext = { errors: ParseIssue[]; warnings: ParseIssue[] };

/** Flags every property not in `allowed`. */
export function rejectExtraKeys(
  value: Record<string, unknown>,
  allowed: Set<string>,
  path: string,
  context: NormalizeContext,
): void {
  for (const key of Object.keys(value)) {
    if (!allowed.has(key))
      context.errors.push({ path: joinPath(path, key), message: "is not an allowed property" });
  }
}

/** A required string, trimmed, that must not be blank. */
export function readTrimmed(
  value: unknown,
  path: string,
  context: NormalizeContext,
): string | null {
  if (typeof value !== "string") {
    context.errors.push({ path, message: `must be a string, got ${describeKind(value)}` });
    return null;
  }
  const trimmed = value.trim();
  if (trimmed.length === 0) {
    context.errors.push({ path, message: "must not be empty or blank" });
    return null;
  }
  return trimmed;
}

function normalizeOption(
  value: unknown,
  path: string,
  context: NormalizeContext,
): QuestionOption | null {
  if (!isRecord(value)) {
    context.errors.push({ path, message: `must be an object, got ${describeKind(value)}` });
    return null;
  }
  rejectExtraKeys(value, OPTION_KEYS, path, context);
  const label = readTrimmed(value.label, joinPath(path, "label"), context);
  if (label !== null && label.length > MAX_LABEL_LENGTH) {
    context.errors.push({
      path: joinPath(path, "label"),
      message: `must be at most ${MAX_LABEL_LENGTH} characters, got ${label.length}`,
    });
  }
  let description: string | undefined;
  if (value.description !== undefined) {
    if (typeof value.description === "string") description = value.description.trim() || undefined;
    else {
      context.errors.push({
        path: joinPath(path, "description"),
        message: `must be a string, got ${describeKind(value.description)}`,
      });
    }
  }
  if (label === null) return null;
  if (AUTHORED_OTHER_PATTERN.test(label)) {
    context.warnings.push({
      path: joinPath(path, "label"),
      message: "an authored 'Other' option is not needed: free text is always allowed",
    });
  }
  return description === undefined ? { label } : { label, description };
}

/** Normalizes 2-4 options: trimmed labels of at most 64 characters, unique ignoring case. */
export function normalizeOptions(
  value: unknown,
  path: string,
  context: NormalizeContext,
): QuestionOption[] {
  if (!Array.isArray(value)) {
    context.errors.push({ path, message: `must be an array, got ${describeKind(value)}` });
    return [];
  }
  if (value.length < MIN_OPTIONS || value.length > MAX_OPTIONS) {
    context.errors.push({
      path,
      message: `needs ${MIN_OPTIONS} to ${MAX_OPTIONS} options, got ${value.length}`,
    });
  }
  const options: QuestionOption[] = [];
  const seen = new Map<string, number>();
  value.forEach((item, index) => {
    const option = normalizeOption(item, joinPath(path, index), context);
    if (option === null) return;
    const key = option.label.toLowerCase();
    const first = seen.get(key);
    if (first !== undefined) {
      context.errors.push({
        path: joinPath(joinPath(path, index), "label"),
        message: `duplicates the label of option ${first + 1} ('${option.label}'; compared trimmed and lower-cased)`,
      });
    } else seen.set(key, index);
    options.push(option);
  });
  return options;
}
