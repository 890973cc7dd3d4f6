import type { QuestionRecord, WaitAnswerResult } from "./types";

/** What a record says of its question: still pending, or how it ended (answered without answers: none given). */
export function waitResultOfRecord(record: QuestionRecord): WaitAnswerResult {
  switch (record.status) {
    case "pending":
      return { status: "pending" };
    case "answered":
      return { status: "answered", answers: record.answers ?? { answers: {} } };
    case "cancelled":
      return { status: "cancelled" };
    case "expired":
      return { status: "expired" };
    default:
      return record.status satisfies never;
  }
}
