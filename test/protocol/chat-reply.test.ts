import { describe, expect, it } from "vitest";
import { parseReplyRefusal } from "../../src/protocol/chat-reply";

const base = { runId: "r2", sessionKey: "agent:main:main", seq: 1, state: "error" };

describe("given a chat event after a message meant as a question's answer", () => {
  it("should read the reason of a refused reply, without the advice after it", () => {
    const refusal = parseReplyRefusal({
      ...base,
      errorMessage:
        "The answer was not accepted: question 'checks' requires an answer. The question is still open, so reply again.",
    });
    expect(refusal).toMatchObject({
      sessionKey: "agent:main:main",
      runId: "r2",
      reason: "question 'checks' requires an answer",
    });
  });

  it("should read the form without a named question", () => {
    const refusal = parseReplyRefusal({
      ...base,
      errorMessage:
        "The answer was not accepted because a question is still unanswered. Reply again.",
    });
    expect(refusal?.reason).toBe("a question is still unanswered");
  });

  it("should ignore every other chat event: a failed turn, a final, a malformed payload", () => {
    expect(
      parseReplyRefusal({ ...base, errorMessage: "Agent failed before reply: no model." }),
    ).toBeNull();
    expect(parseReplyRefusal({ ...base, state: "final" })).toBeNull();
    expect(
      parseReplyRefusal({ state: "error", errorMessage: "The answer was not accepted: x." }),
    ).toBeNull();
    expect(parseReplyRefusal("error")).toBeNull();
  });
});
