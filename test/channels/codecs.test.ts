import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  buildDiscordComponents,
  buildSlackBlocks,
  buildTelegramKeyboard,
  DISCORD_CUSTOM_ID_MAX_CHARS,
  decodeDiscordCustomId,
  decodeSlackValue,
  decodeTelegramCallback,
  encodeDiscordCustomId,
  encodeSlackValue,
  encodeTelegramOptionCallback,
  encodeTelegramOtherCallback,
  resolveDiscordInteraction,
  resolveSlackAction,
  resolveTelegramCallback,
  TELEGRAM_CALLBACK_DATA_MAX_BYTES,
} from "../../src/channels";
import { RECORD_ID, singleChoice } from "./fixtures";

const askId = fc
  .uint8Array({ minLength: 16, maxLength: 16 })
  .map((bytes) => `ask_${[...bytes].map((byte) => byte.toString(16).padStart(2, "0")).join("")}`);
const optionIndex = fc.integer({ min: 0, max: 3 });

describe("given Telegram callback data", () => {
  it("should encode an option as tgq1:<id>:<0-based index> and Other as tgqo1:<id>", () => {
    expect(encodeTelegramOptionCallback({ questionId: RECORD_ID, optionIndex: 1 })).toBe(
      `tgq1:${RECORD_ID}:1`,
    );
    expect(encodeTelegramOtherCallback(RECORD_ID)).toBe(`tgqo1:${RECORD_ID}`);
  });

  it("should round-trip every id and index within 64 bytes", () => {
    fc.assert(
      fc.property(askId, optionIndex, (questionId, index) => {
        const data = encodeTelegramOptionCallback({ questionId, optionIndex: index });
        expect(data).not.toBeNull();
        expect(new TextEncoder().encode(data ?? "").length).toBeLessThanOrEqual(
          TELEGRAM_CALLBACK_DATA_MAX_BYTES,
        );
        expect(decodeTelegramCallback(data)).toEqual({
          kind: "option",
          questionId,
          optionIndex: index,
        });
        expect(decodeTelegramCallback(encodeTelegramOtherCallback(questionId))).toEqual({
          kind: "other",
          questionId,
        });
      }),
    );
  });

  it("should refuse to encode a foreign id or an index outside 0..3", () => {
    expect(encodeTelegramOptionCallback({ questionId: "ask_XYZ", optionIndex: 0 })).toBeNull();
    expect(encodeTelegramOptionCallback({ questionId: RECORD_ID, optionIndex: 4 })).toBeNull();
    expect(encodeTelegramOptionCallback({ questionId: RECORD_ID, optionIndex: 1.5 })).toBeNull();
  });

  it("should reject foreign or malformed callback data", () => {
    for (const data of [
      "/approve 1",
      `tgq1:${RECORD_ID}:4`,
      `tgq1:${RECORD_ID}:-1`,
      `tgq1:${RECORD_ID.toUpperCase()}:0`,
      `tgq1:${RECORD_ID}:0:extra`,
      `tgqo1:${RECORD_ID}x`,
      42,
    ]) {
      expect(decodeTelegramCallback(data)).toBeNull();
    }
  });

  it("should build one row per option, then Other, and resolve a tap to the label", () => {
    const record = singleChoice();
    const keyboard = buildTelegramKeyboard(record);
    expect(keyboard?.inline_keyboard.map((row) => row.map((button) => button.text))).toEqual([
      ["Staging (Recommended)"],
      ["Production"],
      ["Preview"],
      ["Other…"],
    ]);
    expect(resolveTelegramCallback(record, `tgq1:${RECORD_ID}:1`)).toEqual({
      kind: "answer",
      answers: { answers: { deploy_target: ["Production"] } },
    });
    expect(resolveTelegramCallback(record, `tgqo1:${RECORD_ID}`)).toEqual({ kind: "other" });
  });

  it("should reject a tap for another record or an option the record does not have", () => {
    const record = singleChoice();
    const otherId = `ask_${"f".repeat(32)}`;
    expect(resolveTelegramCallback(record, `tgq1:${otherId}:0`)).toBeNull();
    expect(resolveTelegramCallback(record, `tgq1:${RECORD_ID}:3`)).toBeNull();
  });
});

describe("given Discord custom ids", () => {
  it("should encode ocq:id=<id>;i=<index> within 100 characters", () => {
    const customId = encodeDiscordCustomId({ questionId: RECORD_ID, optionIndex: 3 });
    expect(customId).toBe(`ocq:id=${RECORD_ID};i=3`);
    expect(customId?.length).toBeLessThanOrEqual(DISCORD_CUSTOM_ID_MAX_CHARS);
  });

  it("should round-trip every id and index", () => {
    fc.assert(
      fc.property(askId, optionIndex, (questionId, index) => {
        const customId = encodeDiscordCustomId({ questionId, optionIndex: index });
        expect(customId?.length).toBeLessThanOrEqual(DISCORD_CUSTOM_ID_MAX_CHARS);
        expect(decodeDiscordCustomId(customId)).toEqual({ questionId, optionIndex: index });
      }),
    );
  });

  it("should reject custom ids longer than 100 characters, foreign or out of range", () => {
    const padded = `ocq:id=${RECORD_ID};i=0${" ".repeat(DISCORD_CUSTOM_ID_MAX_CHARS)}`;
    expect(decodeDiscordCustomId(padded)).toBeNull();
    expect(decodeDiscordCustomId(`ocq:id=${RECORD_ID};i=9`)).toBeNull();
    expect(decodeDiscordCustomId(`execapproval:id=${RECORD_ID};i=0`)).toBeNull();
    expect(decodeDiscordCustomId(`ocq:id=ask_short;i=0`)).toBeNull();
    expect(decodeDiscordCustomId(undefined)).toBeNull();
  });

  it("should build secondary buttons without an Other button and resolve a tap", () => {
    const record = singleChoice({
      questions: [{ ...singleChoice().questions[0]!, url: "https://example.com" }],
    });
    const rows = buildDiscordComponents(record);
    expect(rows?.[0]?.components).toEqual([
      { type: 2, style: 5, label: "Open link", url: "https://example.com" },
      { type: 2, style: 2, label: "Staging (Recommended)", custom_id: `ocq:id=${RECORD_ID};i=0` },
      { type: 2, style: 2, label: "Production", custom_id: `ocq:id=${RECORD_ID};i=1` },
      { type: 2, style: 2, label: "Preview", custom_id: `ocq:id=${RECORD_ID};i=2` },
    ]);
    expect(resolveDiscordInteraction(record, `ocq:id=${RECORD_ID};i=2`)).toEqual({
      answers: { deploy_target: ["Preview"] },
    });
    expect(resolveDiscordInteraction(record, `ocq:id=${RECORD_ID};i=3`)).toBeNull();
  });
});

describe("given Slack action values", () => {
  it("should encode slq1:<id>:<index> and round-trip every id and index", () => {
    expect(encodeSlackValue({ questionId: RECORD_ID, optionIndex: 0 })).toBe(`slq1:${RECORD_ID}:0`);
    fc.assert(
      fc.property(askId, optionIndex, (questionId, index) => {
        expect(decodeSlackValue(encodeSlackValue({ questionId, optionIndex: index }))).toEqual({
          questionId,
          optionIndex: index,
        });
      }),
    );
  });

  it("should reject foreign or out-of-range values", () => {
    expect(decodeSlackValue(`slq1:${RECORD_ID}:4`)).toBeNull();
    expect(decodeSlackValue(`tgq1:${RECORD_ID}:0`)).toBeNull();
    expect(decodeSlackValue("slq1:ask_0:0")).toBeNull();
  });

  it("should build one actions block and resolve a tap to the label", () => {
    const record = singleChoice();
    const [block] = buildSlackBlocks(record) ?? [];
    expect(block?.elements.map((element) => ("value" in element ? element.value : null))).toEqual([
      `slq1:${RECORD_ID}:0`,
      `slq1:${RECORD_ID}:1`,
      `slq1:${RECORD_ID}:2`,
    ]);
    expect(block?.elements[0]?.text.text).toBe("Staging (Recommended)");
    expect(resolveSlackAction(record, `slq1:${RECORD_ID}:0`)).toEqual({
      answers: { deploy_target: ["Staging (Recommended)"] },
    });
  });
});

describe("given a prompt that is not eligible for buttons", () => {
  it("should build no payload for any channel", () => {
    const record = singleChoice({
      questions: [{ ...singleChoice().questions[0]!, multiSelect: true }],
    });
    expect(buildTelegramKeyboard(record)).toBeNull();
    expect(buildDiscordComponents(record)).toBeNull();
    expect(buildSlackBlocks(record)).toBeNull();
  });
});

describe("given any eligible record and any tap", () => {
  it("should resolve an in-range tap to exactly that option and reject the rest", () => {
    fc.assert(
      fc.property(askId, fc.integer({ min: 2, max: 4 }), optionIndex, (id, count, index) => {
        const base = singleChoice().questions[0]!;
        const options = ["A", "B", "C", "D"].slice(0, count).map((label) => ({ label }));
        const record = singleChoice({ id, questions: [{ ...base, options }] });
        const answers = resolveSlackAction(
          record,
          encodeSlackValue({ questionId: id, optionIndex: index }),
        );
        if (index < count)
          expect(answers).toEqual({ answers: { deploy_target: [options[index]?.label] } });
        else expect(answers).toBeNull();
      }),
    );
  });
});
