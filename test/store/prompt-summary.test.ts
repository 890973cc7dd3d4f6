import { describe, expect, it } from "vitest";
import type { Question, QuestionRecord } from "../../src/protocol/types";
import { summarizePrompt } from "../../src/store/prompt-summary";
import { entryOfRecord } from "../../src/store/record-entry";
import type { PromptEntry } from "../../src/store/types";
import { checks, deployTarget, recordOf, releaseNote } from "../protocol/fixtures";

const secret: Question = { ...releaseNote, questionId: "token", header: "Token", isSecret: true };

const entryOf = (record: QuestionRecord, fields: Partial<PromptEntry> = {}): PromptEntry => ({
  ...entryOfRecord(record),
  ...fields,
});

describe("given an answered prompt", () => {
  it("should give each full question with its header and answers", () => {
    const answers = { answers: { deploy_target: ["Production"], checks: ["Lint", "E2E"] } };
    const summary = summarizePrompt(
      entryOf(recordOf([deployTarget, checks], { status: "answered", answers })),
    );
    expect(summary.state.status).toBe("answered");
    expect(summary.lines[1]).toEqual({
      questionId: "checks",
      question: "Which checks should run?",
      header: "Checks",
      answer: ["Lint", "E2E"],
      secret: false,
      yesNo: false,
      opensUrl: false,
      opened: false,
      result: null,
      unsent: null,
    });
  });

  it("should mark a secret answer so every view hides it", () => {
    const record = recordOf([secret], {
      status: "answered",
      answers: { answers: { token: ["hunter2"] } },
    });
    expect(summarizePrompt(entryOf(record)).lines[0]).toMatchObject({ secret: true });
  });

  it("should keep what this user typed when another surface answered differently", () => {
    const record = recordOf([deployTarget, checks], {
      status: "answered",
      answers: { answers: { deploy_target: ["Production"], checks: ["Lint"] } },
    });
    const summary = summarizePrompt(
      entryOf(record, {
        answeredElsewhere: true,
        unsentAnswers: { answers: { deploy_target: ["Only after 18:00"], checks: ["Lint"] } },
      }),
    );
    expect(summary.state.status).toBe("answered-elsewhere");
    expect(summary.lines.map((line) => line.unsent)).toEqual([["Only after 18:00"], null]);
  });

  it("should say a chat reply answered it when the record names the plain-text resolver", () => {
    const record = recordOf([deployTarget], {
      status: "answered",
      answers: { answers: { deploy_target: ["Production"] } },
      resolvedBy: "plain-text",
    });
    const summary = summarizePrompt(entryOf(record, { answeredElsewhere: true }));
    expect(summary.state.status).toBe("answered-by-reply");
    expect(summary.lines[0]?.answer).toEqual(["Production"]);
  });
});

describe("given a prompt without an answer", () => {
  it("should be skipped when this user skipped it, cancelled when someone else did", () => {
    const record = recordOf([deployTarget], { status: "cancelled" });
    expect(summarizePrompt(entryOf(record)).state.status).toBe("skipped");
    const theirs = summarizePrompt(
      entryOf(record, {
        answeredElsewhere: true,
        unsentAnswers: { answers: { deploy_target: ["Production"] } },
      }),
    );
    expect(theirs.state.status).toBe("cancelled");
    expect(theirs.lines[0]).toMatchObject({ answer: null, unsent: ["Production"] });
  });

  it("should keep the unsent draft of an expired prompt, from the store or the draft left behind", () => {
    const record = recordOf([deployTarget], { status: "expired" });
    const kept = summarizePrompt(
      entryOf(record, { unsentAnswers: { answers: { deploy_target: ["Production"] } } }),
    );
    expect(kept.lines[0]).toMatchObject({ answer: null, unsent: ["Production"] });
    const fromDraft = summarizePrompt(entryOf(record), {
      step: 0,
      questions: new Map([["deploy_target", { selected: ["Production"], otherText: "" }]]),
    });
    expect(fromDraft.lines[0]?.unsent).toEqual(["Production"]);
  });

  it("should show an answer sent before the gateway forgot the prompt as unconfirmed, never unsent", () => {
    const sent = { kind: "resolve" as const, answers: { answers: { deploy_target: ["Staging"] } } };
    const summary = summarizePrompt(entryOf(recordOf([deployTarget]), { sent }));
    expect(summary.state).toMatchObject({ outcome: "unavailable", delivery: "unconfirmed" });
    expect(summary.state.status).toBe("unconfirmed");
    expect(summary.lines[0]).toMatchObject({ answer: ["Staging"], unsent: null });
  });
});
