// The reply text a scripted model sends to make the test plugin turn its message into an async
// question: the marker, the delivery as one JSON line, then the text the message keeps.

/** The first word of a marked reply. */
export const ASYNC_QUESTION_MARKER = "ASYNCQ ";

/** What the plugin puts into `openclawAsyncDelivery`. */
export type AsyncDelivery = {
  itemId: string;
  questions: Array<{ title: string; options?: string[] }>;
};

/** A marked reply: the plugin stores `visibleText` with `delivery` as the message's async question. */
export function asyncQuestionReply(delivery: AsyncDelivery, visibleText: string): string {
  return `${ASYNC_QUESTION_MARKER}${JSON.stringify(delivery)}\n${visibleText}`;
}

/** The delivery and visible text of a marked reply, or null when `text` is not one. */
export function parseAsyncQuestionReply(
  text: string,
): { delivery: AsyncDelivery; visibleText: string } | null {
  if (!text.startsWith(ASYNC_QUESTION_MARKER)) return null;
  const lineEnd = text.indexOf("\n");
  const json = text.slice(ASYNC_QUESTION_MARKER.length, lineEnd < 0 ? text.length : lineEnd);
  try {
    const delivery: unknown = JSON.parse(json);
    if (typeof delivery !== "object" || delivery === null) return null;
    const { itemId, questions } = delivery as Record<string, unknown>;
    if (typeof itemId !== "string" || !Array.isArray(questions)) return null;
    return {
      delivery: delivery as AsyncDelivery,
      visibleText: lineEnd < 0 ? "" : text.slice(lineEnd + 1),
    };
  } catch {
    return null;
  }
}
