import type { QuestionField } from "../../protocol/form-field";

/** The `<input type>` of a typed form field, or null for plain text (a textarea). */
export function fieldInputType(field: QuestionField | undefined): string | null {
  if (field === undefined) return null;
  if (field.type === "number" || field.type === "integer") return "number";
  switch (field.format) {
    case "email":
      return "email";
    case "uri":
      return "url";
    case "date":
      return "date";
    case "date-time":
      return "datetime-local";
    default:
      // A short text (a name, a code) is one line: Enter must not put a line break in it.
      return field.type === "string" &&
        field.maxLength !== undefined &&
        field.maxLength <= SHORT_TEXT
        ? "text"
        : null;
  }
}

/** Longest `maxLength` of a string field shown as one line rather than a text area. */
const SHORT_TEXT = 200;

const pad = (value: number): string => String(value).padStart(2, "0");

/** An RFC 3339 date-time as a `datetime-local` value in the user's time zone ("" when unreadable). */
export function toLocalInput(text: string): string {
  if (text === "") return "";
  const date = new Date(text);
  if (Number.isNaN(date.getTime())) return "";
  const day = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  return `${day}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A `datetime-local` value (the user's time zone) as RFC 3339 in UTC, which a server accepts. */
export function fromLocalInput(value: string): string {
  if (value === "") return "";
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toISOString().replace(/\.000Z$/, "Z");
}
