import type { PromptEntry, QuestionRecord } from "../../src/index";
import { entryOfRecord } from "../../src/store/index";

/** A store entry for a record, as a timeline item carries it: ended by this user unless `fields` say otherwise. */
export function entryOf(record: QuestionRecord, fields: Partial<PromptEntry> = {}): PromptEntry {
  return { ...entryOfRecord(record), ...fields };
}
