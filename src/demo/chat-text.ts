type Row = Record<string, unknown>;

/** A JSON object (not an array) of a history row or payload. */
export const isRow = (value: unknown): value is Row =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The text of a message's content: a string, or its text blocks joined (tool calls left out). */
export function textOfContent(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content
    .filter((block): block is Row => isRow(block) && block.type === "text")
    .map((block) => (typeof block.text === "string" ? block.text : ""))
    .join("");
}
