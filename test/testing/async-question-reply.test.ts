import { describe, expect, it } from "vitest";
import {
  ASYNC_QUESTION_MARKER,
  asyncQuestionReply,
  parseAsyncQuestionReply,
} from "../support/async-question-plugin/reply";

const DELIVERY = { itemId: "asyncq-1", questions: [{ title: "Which?", options: ["A", "B"] }] };

describe("given the async-question test plugin's reply marker", () => {
  it("should read back the delivery and the visible text of a marked reply", () => {
    const text = asyncQuestionReply(DELIVERY, "Which one?\nSecond line.");
    expect(text.startsWith(ASYNC_QUESTION_MARKER)).toBe(true);
    expect(parseAsyncQuestionReply(text)).toEqual({
      delivery: DELIVERY,
      visibleText: "Which one?\nSecond line.",
    });
  });

  it("should leave an unmarked or malformed reply alone", () => {
    expect(parseAsyncQuestionReply("Plain reply")).toBeNull();
    expect(parseAsyncQuestionReply(`${ASYNC_QUESTION_MARKER}{not json}\nText`)).toBeNull();
    expect(
      parseAsyncQuestionReply(`${ASYNC_QUESTION_MARKER}{"itemId":1,"questions":[]}`),
    ).toBeNull();
  });
});
