// A tool call refused with UrlElicitationRequired (-32042) hands its URLs to the dock. When the
// part that shows URLs cannot load (a network error), they must not be lost: the page says a
// question could not be shown, and Try again loads the part and shows them.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { McpError } from "@modelcontextprotocol/sdk/types.js";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createManualClock } from "../../src/testing/manual-clock";
import { until } from "../store/support/harness";

const SCOPE = { sessionKey: "links" };

afterEach(() => {
  vi.doUnmock("../../src/mcp/url-elicitation");
  vi.resetModules();
});

describe("a tool call's URL elicitations whose part of the page did not load", () => {
  it("says so, and shows them once Try again loads the part", async () => {
    vi.resetModules();
    let failing = true;
    vi.doMock("../../src/mcp/url-elicitation", async (importOriginal) => {
      if (failing) throw new Error("Failed to fetch dynamically imported module");
      return importOriginal();
    });
    const { createMcpQuestionSource } = await import("../../src/mcp/index");
    const { createQuestionStore } = await import("../../src/store/create-question-store");
    const { selectPendingPrompts } = await import("../../src/store/selectors-prompts");
    const clock = createManualClock(1_800_000_000_000);
    const refused: unknown[] = [];
    const source = createMcpQuestionSource(new Client({ name: "dock", version: "1.0.0" }), {
      sessionKey: SCOPE.sessionKey,
      clock,
      url: true,
      onRefused: (form) => refused.push(form),
    });
    const store = createQuestionStore({ api: source, clock, storage: null, gatewayKey: "mcp" });
    store.getState().start();
    const error = new McpError(-32042, "This request requires more information.", {
      elicitations: [
        {
          mode: "url",
          message: "Confirm the payment",
          url: "https://pay.example.com/confirm?cart=1",
          elicitationId: "pay-1",
        },
      ],
    });

    expect(source.showUrlElicitationError(error)).toBe(true);
    await until(() => store.getState().sourceFailure !== null, "the failure said");
    expect(selectPendingPrompts(store.getState(), SCOPE)).toEqual([]);
    expect(refused).toEqual([]);

    failing = false;
    vi.doUnmock("../../src/mcp/url-elicitation");
    await store.getState().retrySource();
    await until(() => selectPendingPrompts(store.getState(), SCOPE).length === 1, "the URL shown");
    expect(selectPendingPrompts(store.getState(), SCOPE)[0]?.record.questions[0]?.header).toBe(
      "pay.example.com",
    );
    expect(store.getState().sourceFailure).toBeNull();
  });
});
