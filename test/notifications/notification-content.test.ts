import { describe, expect, it } from "vitest";
import {
  OPTION_ACTION,
  OTHER_ACTION,
  questionNotificationFor,
} from "../../src/notify/notification-content";
import { deNotify, enNotify } from "../../src/notify/notify-strings";
import type { Question, QuestionRecord } from "../../src/protocol/types";

const PAGE = "http://127.0.0.1:5173/chat";

function recordOf(questions: Question[], extra: Partial<QuestionRecord> = {}): QuestionRecord {
  return {
    id: "ask_1",
    questions,
    sessionKey: "agent:main:main",
    createdAtMs: 0,
    expiresAtMs: 900_000,
    status: "pending",
    ...extra,
  };
}

const target: Question = {
  questionId: "target",
  header: "Target",
  question: "Where should I deploy?",
  options: [{ label: "Production" }, { label: "Staging (Recommended)" }],
  isOther: true,
};

describe("given a single question with one choice", () => {
  it("should offer the recommended option, then Other… as a text action, last", () => {
    const shown = questionNotificationFor(recordOf([target]), enNotify, PAGE);
    expect(shown.title).toBe("Target");
    expect(shown.body).toBe("Where should I deploy?");
    expect(shown.tag).toBe("ask_1");
    expect(shown.actions).toEqual([
      { action: OPTION_ACTION, title: "Staging (Recommended)" },
      { action: OTHER_ACTION, title: "Other…", type: "text", placeholder: "Type your answer" },
    ]);
    expect(shown.data).toEqual({
      kind: "ask-user-kit/question",
      promptId: "ask_1",
      questionId: "target",
      option: "Staging (Recommended)",
      pageUrl: PAGE,
    });
  });

  it("should offer the first option when none is recommended, in the locale's words", () => {
    const plain = { ...target, options: [{ label: "Blue" }, { label: "Green" }] };
    const shown = questionNotificationFor(recordOf([plain]), deNotify, PAGE);
    expect(shown.actions.map((action) => action.title)).toEqual(["Blue", "Andere…"]);
    expect(shown.actions.at(-1)?.type).toBe("text");
  });

  it("should offer no text action where the question takes no text of its own", () => {
    const shown = questionNotificationFor(
      recordOf([{ ...target, isOther: false }]),
      enNotify,
      PAGE,
    );
    expect(shown.actions.map((action) => action.action)).toEqual([OPTION_ACTION]);
    const { isOther: _unset, ...withoutOther } = target;
    const unset = questionNotificationFor(recordOf([withoutOther]), enNotify, PAGE);
    expect(unset.actions.map((action) => action.action)).toEqual([OPTION_ACTION]);
  });

  it("should show the text as written, without direction controls that reorder it", () => {
    const tricky = { ...target, header: "Open \u202egnp.exe", question: "Run \u2066it\u2069?" };
    const shown = questionNotificationFor(recordOf([tricky]), enNotify, PAGE);
    expect(shown.title).toBe("Open gnp.exe");
    expect(shown.body).toBe("Run it?");
  });
});

describe("given a prompt a button cannot answer whole", () => {
  const cases: Array<[string, QuestionRecord]> = [
    ["multi-select", recordOf([{ ...target, multiSelect: true }])],
    ["several questions", recordOf([target, { ...target, questionId: "second" }])],
    ["a secret", recordOf([{ ...target, isSecret: true }])],
    ["a form field", recordOf([{ ...target, field: { type: "string", required: false } }])],
    ["a URL step", recordOf([{ ...target, options: [], openUrl: "https://example.com/pay" }])],
    ["a form with its message", recordOf([target], { message: "Fill in the shipping form" })],
  ];
  it.each(cases)("should offer no action for %s: a click opens the page", (_, record) => {
    const shown = questionNotificationFor(record, enNotify, PAGE);
    expect(shown.actions).toEqual([]);
    expect(shown.data.questionId).toBeUndefined();
    expect(shown.data.option).toBeUndefined();
  });

  it("should title a form or review with the source's words, a link step with the kit's", () => {
    const form = recordOf([target], { message: "Fill in the shipping form" });
    expect(questionNotificationFor(form, enNotify, PAGE).title).toBe("Fill in the shipping form");
    const url = recordOf([{ ...target, options: [], openUrl: "https://example.com/pay" }]);
    expect(questionNotificationFor(url, enNotify, PAGE).title).toBe(
      "The agent asks you to open a link",
    );
  });

  it("should say how many questions follow the first", () => {
    const record = recordOf([
      target,
      { ...target, questionId: "b" },
      { ...target, questionId: "c" },
    ]);
    expect(questionNotificationFor(record, enNotify, PAGE).body).toBe(
      "Where should I deploy? (+2 more)",
    );
  });
});

describe("given a secret question with a value preselected", () => {
  it("should carry no chosen or typed value anywhere in the notification", () => {
    const secret = { ...target, isSecret: true, preselect: "hunter2-token" };
    const shown = questionNotificationFor(recordOf([secret]), enNotify, PAGE);
    expect(JSON.stringify(shown)).not.toContain("hunter2-token");
  });
});
