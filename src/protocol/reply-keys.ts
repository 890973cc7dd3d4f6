const KEYED_LINE_PATTERN = /^\s*([^:=-]+?)\s*[:=-]\s*(.+?)\s*$/;
const URL_PATTERN = /^\s*[a-z][a-z0-9+.-]*:\/\//i;
const WINDOWS_PATH_PATTERN = /^\s*[a-z]:[\\/]/i;
const CLOCK_TIME_PATTERN = /^\s*\d{1,2}:\d{2}(?::\d{2})?(?:\s*[ap]\.?m\.?)?\s*$/i;
const DATE_PATTERN = /^\s*(?:\d{4}-\d{1,2}-\d{1,2}|\d{1,2}-\d{1,2}-\d{2,4})(?:[T\s].*)?$/i;

/** True when a line is a value that merely looks keyed: a URL, a Windows path, a clock time or a date. */
export function isValueNotKey(line: string): boolean {
  return (
    URL_PATTERN.test(line) ||
    WINDOWS_PATH_PATTERN.test(line) ||
    CLOCK_TIME_PATTERN.test(line) ||
    DATE_PATTERN.test(line)
  );
}

/** Reads `key: value`, `key = value` and `key - value` lines into a map of lower-cased keys; later lines win. */
export function parseKeyedLines(text: string): Map<string, string> {
  const keyed = new Map<string, string>();
  for (const line of text.split(/\r?\n/)) {
    if (isValueNotKey(line)) continue;
    const match = KEYED_LINE_PATTERN.exec(line);
    const key = match?.[1]?.trim().toLowerCase();
    const value = match?.[2]?.trim();
    if (key && value) keyed.set(key, value);
  }
  return keyed;
}
