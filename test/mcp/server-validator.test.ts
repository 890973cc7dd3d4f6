import { describe, expect, it } from "vitest";
import type { RefusedForm } from "../../src/mcp/index";
import { selectQuestionIssue } from "../../src/store/answer-issues";
import { selectCanAdvance, selectCanSubmit } from "../../src/store/selectors-drafts";
import { settle } from "../store/support/harness";
import { connectForms } from "./support";

const ZIP_FORM = {
  type: "object",
  properties: {
    zip: {
      type: "string",
      title: "Zip",
      description: "Five digits, e.g. 10115",
      pattern: "^[0-9]{5}$",
    },
    boxes: { type: "integer", title: "Boxes", description: "Sold in fives.", multipleOf: 5 },
  },
  required: ["zip", "boxes"],
} as const;

describe("given a field with a pattern the kit's own rules do not know", () => {
  it("should refuse what breaks it at the field, with the description as the hint, and send nothing", async () => {
    const { store, elicit, waiting, idsOf, accepted } = await connectForms();
    const result = elicit(ZIP_FORM);
    const entry = await waiting();
    const ids = idsOf(entry);
    const zip = ids.get("Zip") ?? "";
    const boxes = ids.get("Boxes") ?? "";
    const actions = store.getState();
    actions.setOtherText(entry.id, zip, "abc");
    actions.setOtherText(entry.id, boxes, "10");
    expect(selectQuestionIssue(store.getState(), entry.id, zip)).toEqual({
      rule: "pattern",
      hint: "Five digits, e.g. 10115",
    });
    expect(selectCanAdvance(store.getState(), entry.id)).toBe(false);
    expect(selectCanSubmit(store.getState(), entry.id)).toBe(false);
    await actions.submit(entry.id);
    await settle(20);
    expect(store.getState().prompts.get(entry.id)?.status).toBe("pending");
    expect(accepted()).toEqual([]);

    actions.setOtherText(entry.id, zip, "10115");
    expect(selectQuestionIssue(store.getState(), entry.id, zip)).toBeNull();
    expect(selectCanSubmit(store.getState(), entry.id)).toBe(true);
    await actions.submit(entry.id);
    await expect(result).resolves.toEqual({
      action: "accept",
      content: { zip: "10115", boxes: 10 },
    });
  });

  it("should name any other rule of the server's schema as it is written", async () => {
    const { store, elicit, waiting, idsOf } = await connectForms();
    void elicit(ZIP_FORM);
    const entry = await waiting();
    const boxes = idsOf(entry).get("Boxes") ?? "";
    store.getState().setOtherText(entry.id, boxes, "7");
    expect(selectQuestionIssue(store.getState(), entry.id, boxes)).toEqual({
      rule: "schema",
      detail: "multipleOf 5",
    });
  });
});

describe("given exclusive bounds and a const", () => {
  it("should refuse each at its field with the kit's sentence or the rule's name", async () => {
    const { store, elicit, waiting, idsOf } = await connectForms();
    void elicit({
      type: "object",
      properties: {
        share: { type: "number", title: "Share", exclusiveMinimum: 0, exclusiveMaximum: 1 },
        agree: { type: "boolean", title: "Agree", const: true },
        code: { type: "string", title: "Code", const: "EU" },
      },
      required: ["share", "agree"],
    });
    const entry = await waiting();
    const ids = idsOf(entry);
    const [share, agree, code] = ["Share", "Agree", "Code"].map((title) => ids.get(title) ?? "");
    const actions = store.getState();
    const issue = (id = "") => selectQuestionIssue(store.getState(), entry.id, id);
    actions.setOtherText(entry.id, share ?? "", "0");
    actions.chooseOption(entry.id, agree ?? "", "false");
    actions.setOtherText(entry.id, code ?? "", "US");
    expect(issue(share)).toEqual({ rule: "exclusiveMinimum", limit: 0 });
    expect(issue(agree)).toEqual({ rule: "schema", detail: "const true" });
    expect(issue(code)).toEqual({ rule: "schema", detail: 'const "EU"' });
    actions.setOtherText(entry.id, share ?? "", "1");
    expect(issue(share)).toEqual({ rule: "exclusiveMaximum", limit: 1 });
    actions.setOtherText(entry.id, share ?? "", "0.5");
    actions.chooseOption(entry.id, agree ?? "", "true");
    actions.setOtherText(entry.id, code ?? "", "");
    expect(selectCanSubmit(store.getState(), entry.id)).toBe(true);
  });
});

describe("given answers the server accepts that the kit's own rules are stricter about", () => {
  it("should let them through: the server's validator is the judge of an MCP form", async () => {
    const { store, elicit, waiting, idsOf } = await connectForms();
    const result = elicit({
      type: "object",
      properties: {
        count: { type: "integer", title: "Count" },
        email: { type: "string", title: "Email", format: "email" },
        at: { type: "string", title: "At", format: "date-time" },
      },
      required: ["count", "email", "at"],
    });
    const entry = await waiting();
    const ids = idsOf(entry);
    const actions = store.getState();
    // What a number input may hold ("01"), a domain label longer than 63 characters, and an
    // offset without minutes: all valid for the server's formats.
    const email = `ada@${"a".repeat(64)}.example`;
    actions.setOtherText(entry.id, ids.get("Count") ?? "", "01");
    actions.setOtherText(entry.id, ids.get("Email") ?? "", email);
    actions.setOtherText(entry.id, ids.get("At") ?? "", "2026-12-02T10:30:00+01");
    expect(selectCanSubmit(store.getState(), entry.id)).toBe(true);
    await actions.submit(entry.id);
    await expect(result).resolves.toEqual({
      action: "accept",
      content: { count: 1, email, at: "2026-12-02T10:30:00+01" },
    });
  });
});

describe("given a rule of the whole form that no field owns", () => {
  it("should say it at the last field, so Submit waits and Next does not", async () => {
    const { store, elicit, waiting, idsOf } = await connectForms();
    void elicit({
      type: "object",
      properties: {
        phone: { type: "string", title: "Phone" },
        email: { type: "string", title: "Email" },
      },
      minProperties: 1,
    });
    const entry = await waiting();
    const ids = idsOf(entry);
    expect(selectCanAdvance(store.getState(), entry.id)).toBe(true);
    expect(selectCanSubmit(store.getState(), entry.id)).toBe(false);
    expect(selectQuestionIssue(store.getState(), entry.id, ids.get("Email") ?? "")).toEqual({
      rule: "schema",
      detail: "minProperties 1",
    });
    store.getState().setOtherText(entry.id, ids.get("Phone") ?? "", "+49 30 1234");
    expect(selectCanSubmit(store.getState(), entry.id)).toBe(true);
  });
});

describe("given a schema the server's validator cannot compile", () => {
  it.each([
    ["a pattern that is no regular expression", { type: "string", pattern: "([0-9]" }],
    ["a reference to nothing", { type: "string", $ref: "#/definitions/nothing" }],
  ])("should decline %s and say why", async (_what, zip) => {
    const refused: RefusedForm[] = [];
    const { store, elicit } = await connectForms({ onRefused: (form) => refused.push(form) });
    await expect(
      elicit({ type: "object", properties: { zip }, required: ["zip"] }),
    ).resolves.toEqual({ action: "decline" });
    expect(store.getState().prompts.size).toBe(0);
    expect(refused).toEqual([
      {
        kind: "form",
        message: "Sign up",
        reasons: [expect.stringMatching(/^the server's schema validator cannot read it: /)],
      },
    ]);
  });

  it("should decline a form that requires a property it does not have", async () => {
    const refused: RefusedForm[] = [];
    const { elicit } = await connectForms({ onRefused: (form) => refused.push(form) });
    await expect(
      elicit({ type: "object", properties: { zip: { type: "string" } }, required: ["city"] }),
    ).resolves.toEqual({ action: "decline" });
    expect(refused[0]?.reasons).toEqual(['"city" is required but is not a field of the form']);
  });
});

describe("given choices without words and forms larger than the dock shows", () => {
  it("should show an empty or blank value quoted, each option apart, and send the value", async () => {
    const { store, elicit, waiting } = await connectForms();
    const result = elicit({
      type: "object",
      properties: {
        mark: { type: "string", title: "Mark", enum: ["", " ", "  ", "x"] },
        pick: {
          type: "string",
          title: "Pick",
          oneOf: [
            { const: "x", title: "Same (b)" },
            { const: "a", title: "Same" },
            { const: "b", title: "Same" },
          ],
        },
      },
      required: ["mark", "pick"],
    });
    const entry = await waiting();
    const [mark, pick] = entry.record.questions;
    expect(mark?.options.map((option) => option.label)).toEqual(['""', '" "', '"  "', "x"]);
    expect(pick?.options.map((option) => option.label)).toEqual(["Same (b)", "Same", "Same (2)"]);
    store.getState().chooseOption(entry.id, mark?.questionId ?? "", '" "');
    store.getState().chooseOption(entry.id, pick?.questionId ?? "", "Same (2)");
    await store.getState().submit(entry.id);
    await expect(result).resolves.toEqual({
      action: "accept",
      content: { mark: " ", pick: "b" },
    });
  });

  it("should decline a form of more fields than a record holds, and say why", async () => {
    const refused: RefusedForm[] = [];
    const { store, elicit } = await connectForms({ onRefused: (form) => refused.push(form) });
    const properties = Object.fromEntries(
      Array.from({ length: 101 }, (_, index) => [`f${index}`, { type: "string" }]),
    );
    await expect(elicit({ type: "object", properties })).resolves.toEqual({
      action: "decline",
    });
    expect(store.getState().prompts.size).toBe(0);
    expect(refused[0]?.reasons).toEqual([expect.stringMatching(/^questions: needs 1 to 100/)]);
  });
});
