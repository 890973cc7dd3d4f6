import type { QuestionRecord } from "../protocol/types";
import { createEntry } from "./outcomes";
import type { PromptEntry } from "./types";

/** A record read from elsewhere (a history, another device) as an entry: its own status, as if this user ended it. */
export function entryOfRecord(record: QuestionRecord): PromptEntry {
  return {
    ...createEntry(record),
    // A record that still says pending is one nobody can answer here any more.
    status: record.status === "pending" ? "unavailable" : record.status,
    answers: record.answers ?? null,
  };
}
