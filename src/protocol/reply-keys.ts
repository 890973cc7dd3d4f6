// After a known key: `: value`, `= value`, or ` - value` (a bare hyphen joins ranges like 1-2).
const AFTER_KEY_PATTERN = /^(?:\s*[:=]|\s+-\s)\s*(.+?)\s*$/;
const URL_PATTERN = /^\s*[a-z][a-z0-9+.-]*:\/\//i;
const WINDOWS_PATH_PATTERN = /^\s*[a-z]:[\\/]/i;
// A line that starts with a clock time ("1:30 pm UTC", "9:00-10:00") is a value, not key 1 or 9.
const CLOCK_TIME_PATTERN = /^\s*\d{1,2}:\d{2}(?!\d)/;
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

/** The keyed lines of a reply: each value by its lower-cased key, and which lines were keyed. */
export type KeyedLines = { values: Map<string, string>; lineIndexes: Set<number> };

/**
 * Reads `key: value`, `key = value` and `key - value` lines whose key is one of `keys`, in any
 * case; later lines win. Keys are matched whole and the longest first, so a header such as
 * "Follow-up" or a question ending in "?:" still works as a key.
 */
export function parseKeyedLines(text: string, keys: readonly string[]): KeyedLines {
  const candidates = [...new Set(keys.map((key) => key.trim()).filter((key) => key !== ""))].sort(
    (left, right) => right.length - left.length,
  );
  const keyed: KeyedLines = { values: new Map(), lineIndexes: new Set() };
  text.split(/\r?\n/).forEach((raw, index) => {
    if (isValueNotKey(raw)) return;
    const line = raw.trimStart();
    for (const key of candidates) {
      if (line.slice(0, key.length).toLowerCase() !== key.toLowerCase()) continue;
      const value = AFTER_KEY_PATTERN.exec(line.slice(key.length))?.[1];
      if (value === undefined) continue;
      keyed.values.set(key.toLowerCase(), value);
      keyed.lineIndexes.add(index);
      return;
    }
  });
  return keyed;
}
