// The MCP source loads its form half with import() as it is made. When that chunk cannot load (a
// network error), a form the server sends must not be lost nor taken for the user's "no": the page
// says a question could not be shown, Try again loads the half and shows the form, and a form
// whose deadline passes first is answered with an error the server can report.
import { afterEach, describe, expect, it, vi } from "vitest";
import { until } from "../store/support/harness";

const SCHEMA = {
  type: "object",
  properties: { name: { type: "string", title: "Name" } },
  required: ["name"],
};

afterEach(() => {
  vi.doUnmock("../../src/mcp/form-elicitation");
  vi.resetModules();
});

/** A server and client whose form half fails to load until `heal()`. */
async function formsWithoutTheirPart() {
  vi.resetModules();
  let failing = true;
  vi.doMock("../../src/mcp/form-elicitation", async (importOriginal) => {
    if (failing) throw new Error("Failed to fetch dynamically imported module");
    return importOriginal();
  });
  const { connectForms } = await import("./support");
  const forms = await connectForms();
  const heal = () => {
    failing = false;
    vi.doUnmock("../../src/mcp/form-elicitation");
  };
  return { forms, heal };
}

describe("an MCP form whose part of the page did not load", () => {
  it("says so while the form waits, and shows it once Try again loads the part", async () => {
    const { forms, heal } = await formsWithoutTheirPart();
    let settled = false;
    const answer = forms.elicit(SCHEMA).finally(() => {
      settled = true;
    });
    await until(() => forms.store.getState().sourceFailure !== null, "the failure said");
    expect(settled).toBe(false);
    expect(forms.wire.some((text) => text.includes('"result"') || text.includes('"error"'))).toBe(
      false,
    );

    heal();
    await forms.store.getState().retrySource();
    const entry = await forms.waiting();
    expect(forms.store.getState().sourceFailure).toBeNull();
    expect(entry.record.questions.map((question) => question.header)).toEqual(["Name"]);
    const id = forms.idsOf(entry).get("Name") ?? "";
    forms.store.getState().setOtherText(entry.record.id, id, "Ada");
    await forms.store.getState().submit(entry.record.id);
    await expect(answer).resolves.toEqual({ action: "accept", content: { name: "Ada" } });
  });

  it("answers the server with an error, not a decline, when the deadline passes first", async () => {
    const { forms } = await formsWithoutTheirPart();
    const answer = forms.elicit(SCHEMA);
    await until(() => forms.store.getState().sourceFailure !== null, "the failure said");
    forms.clock.advance(60_000);
    await expect(answer).rejects.toThrow(/could not load its form elicitation part/);
    expect(forms.wire.some((text) => text.includes('"action":"decline"'))).toBe(false);
    expect(forms.store.getState().sourceFailure).toBeNull();
  });

  it("stops saying so once the server cancels the form that waited", async () => {
    const { forms } = await formsWithoutTheirPart();
    const cancel = new AbortController();
    const answer = forms.server.elicitInput(
      { message: "Sign up", requestedSchema: SCHEMA as never },
      { signal: cancel.signal },
    );
    await until(() => forms.store.getState().sourceFailure !== null, "the failure said");
    cancel.abort("no longer needed");
    await expect(answer).rejects.toThrow();
    await until(() => forms.store.getState().sourceFailure === null, "the failure gone");
  });

  it("lets a waiting form through when the next form loads the part", async () => {
    const { forms, heal } = await formsWithoutTheirPart();
    const first = forms.elicit(SCHEMA);
    await until(() => forms.store.getState().sourceFailure !== null, "the failure said");
    heal();
    const second = forms.elicit({
      type: "object",
      properties: { city: { type: "string", title: "City" } },
    });
    await until(() => forms.store.getState().prompts.size === 2, "both forms shown");
    expect(forms.store.getState().sourceFailure).toBeNull();
    for (const entry of forms.store.getState().prompts.values())
      await forms.store.getState().skip(entry.id);
    await expect(first).resolves.toEqual({ action: "decline" });
    await expect(second).resolves.toEqual({ action: "decline" });
  });
});
