import { describe, expect, it } from "vitest";
import { createQuestionStore } from "../../src/store/create-question-store";
import { createLocalQuestionSource } from "../../src/store/local-source";
import { summarizePrompt } from "../../src/store/prompt-summary";
import { createManualClock } from "../../src/testing/manual-clock";
import { createMemoryStorage, until } from "../store/support/harness";
import { connectForms } from "./support";

const FORM = {
  type: "object",
  properties: {
    name: { type: "string", title: "Name" },
    seats: { type: "integer", title: "Seats", default: 2 },
    newsletter: { type: "boolean", title: "Newsletter", default: true },
    plan: {
      type: "string",
      title: "Plan",
      oneOf: [
        { const: "free", title: "Free" },
        { const: "pro", title: "Pro" },
      ],
      default: "pro",
    },
  },
  required: ["name", "seats"],
} as const;

describe("given a form with defaults, one field typed, and a reload", () => {
  it("should keep what was typed as unsent, and the defaults as defaults", async () => {
    const storage = createMemoryStorage();
    const { store, elicit, waiting, idsOf } = await connectForms({ storage });
    void elicit(FORM).catch(() => undefined);
    const entry = await waiting();
    const ids = idsOf(entry);
    const actions = store.getState();
    actions.setOtherText(entry.id, ids.get("Name") ?? "", "Ada");
    actions.goToStep(entry.id, 1);
    actions.goToStep(entry.id, 2);
    // The plan chosen again as it was: still the default, not the user's own answer.
    actions.chooseOption(entry.id, ids.get("Plan") ?? "", "Pro");
    store.getState().stop();

    // The page again: the MCP client (and its request) went with the old page.
    const source = createLocalQuestionSource({ name: "mcp", clock: createManualClock(1) });
    const reloaded = createQuestionStore({ api: source, storage, gatewayKey: "mcp" });
    reloaded.getState().start();
    source.open();
    await until(() => reloaded.getState().prompts.get(entry.id)?.status === "unavailable");
    const ended = reloaded.getState().prompts.get(entry.id);
    if (ended === undefined) throw new Error("the form was not restored");
    const lines = summarizePrompt(ended, reloaded.getState().drafts.get(entry.id)).lines;
    expect(lines.map((line) => [line.header, line.unsent])).toEqual([
      ["Name", ["Ada"]],
      ["Seats", null],
      ["Newsletter", null],
      ["Plan", null],
    ]);
  });
});
