import { parseAnswers } from "../protocol/parse-question";
import { describeIssues, IssueCollector, isRecord } from "../protocol/parse-support";
import type { ResolveResult } from "../protocol/types";
import { GatewayInvalidResponseError } from "./errors";

/** Reads a `question.resolve` payload; a malformed one throws, since what happened is then unknown. */
export function readResolveResult(payload: unknown, method: string): ResolveResult {
  const issues = new IssueCollector();
  if (issues.requireRecord(payload, "") && isRecord(payload)) {
    if (payload.status === "cancelled") return { status: "cancelled" };
    if (payload.status === "answered") {
      const answers = parseAnswers(payload.answers, "answers", issues);
      if (answers !== null) return { status: "answered", answers };
    } else {
      issues.add("status", "must be answered or cancelled");
    }
  }
  throw new GatewayInvalidResponseError(method, describeIssues(issues.issues));
}
