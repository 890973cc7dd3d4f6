// The MCP source loads its form half with import() as it is made. When that chunk cannot load (a
// network error), a form the server sends must not be taken for the user's "no": the server gets
// an error it can report, and the next form loads the half again.
import { afterEach, describe, expect, it, vi } from "vitest";

const SCHEMA = {
  type: "object",
  properties: { name: { type: "string", title: "Name" } },
  required: ["name"],
};

afterEach(() => {
  vi.doUnmock("../../src/mcp/form-elicitation");
  vi.resetModules();
});

describe("an MCP form whose part of the page did not load", () => {
  it("answers the server with an error, not a decline, and shows the next form once the part loads", async () => {
    vi.resetModules();
    let failing = true;
    vi.doMock("../../src/mcp/form-elicitation", async (importOriginal) => {
      if (failing) throw new Error("Failed to fetch dynamically imported module");
      return importOriginal();
    });
    const { connectForms } = await import("./support");
    const forms = await connectForms();

    await expect(forms.elicit(SCHEMA)).rejects.toThrow(/could not load its form elicitation part/);
    expect(forms.wire.some((text) => text.includes('"action":"decline"'))).toBe(false);

    failing = false;
    vi.doUnmock("../../src/mcp/form-elicitation");
    const answer = forms.elicit(SCHEMA);
    const entry = await forms.waiting();
    expect(entry.record.questions.map((question) => question.header)).toEqual(["Name"]);
    const id = forms.idsOf(entry).get("Name") ?? "";
    forms.store.getState().setOtherText(entry.record.id, id, "Ada");
    await forms.store.getState().submit(entry.record.id);
    await expect(answer).resolves.toEqual({ action: "accept", content: { name: "Ada" } });
  });
});
