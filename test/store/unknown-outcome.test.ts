import { describe, expect, it } from "vitest";
import { GatewayDisconnectedError, GatewayRequestError } from "../../src/gateway/errors";
import { TERMINAL_TOMBSTONE_MS } from "../../src/protocol/constants";
import { createMemoryStorage, settle } from "./support/harness";
import { openPage } from "./support/page";
import { LIFETIME_MS } from "./support/records";

const OURS = { answers: { target: ["Production"], checks: ["Tests"] } };
const NOT_FOUND = new GatewayRequestError("question.get", {
  code: "INVALID_REQUEST",
  message: "question 'q1' not found",
  details: { reason: "QUESTION_NOT_FOUND" },
});

describe("given an answer sent just before the connection dropped, and the gateway forgot the question meanwhile", () => {
  it("should keep it as sent but not confirmed, never as unsent", async () => {
    const storage = createMemoryStorage();
    const page = await openPage(storage);
    page.fill();
    page.api.resolveImpl = () => {
      page.api.setDisconnected();
      return Promise.reject(new GatewayDisconnectedError("question.resolve"));
    };
    await page.store.getState().submit("q1");
    expect(page.store.getState().prompts.get("q1")?.status).toBe("queued");

    page.clock.advance(TERMINAL_TOMBSTONE_MS + 5_000);
    page.api.listImpl = async () => [];
    page.api.getImpl = () => Promise.reject(NOT_FOUND);
    await page.connect();

    expect(page.api.calls.resolvedAnswers).toEqual([OURS]);
    expect(page.store.getState().prompts.get("q1")).toMatchObject({
      status: "unavailable",
      sent: { kind: "resolve", answers: OURS },
      unsentAnswers: null,
    });
    page.store.getState().stop();

    const reloaded = await openPage(storage, []);
    expect(reloaded.store.getState().prompts.get("q1")).toMatchObject({
      status: "unavailable",
      sent: { kind: "resolve", answers: OURS },
      unsentAnswers: null,
    });
  });

  it("should still call an answer that never left the page unsent", async () => {
    const page = await openPage(null);
    page.fill();
    page.api.setDisconnected();
    await page.store.getState().submit("q1");
    page.api.listImpl = async () => [];
    page.api.getImpl = () => Promise.reject(NOT_FOUND);
    await page.connect();

    expect(page.api.calls.resolvedAnswers).toEqual([]);
    expect(page.store.getState().prompts.get("q1")).toMatchObject({
      status: "unavailable",
      sent: null,
      unsentAnswers: OURS,
    });
  });
});

describe("given a question that expired while the page was offline", () => {
  it("should stay Expired after the reconnect, with the typed draft kept", async () => {
    const page = await openPage(null);
    page.store.getState().setOtherText("q1", "target", "Canary");
    page.api.setDisconnected();
    page.clock.advance(LIFETIME_MS + TERMINAL_TOMBSTONE_MS + 5_000);
    await settle(0);
    expect(page.store.getState().prompts.get("q1")?.status).toBe("expired");

    page.api.listImpl = async () => [];
    page.api.getImpl = () => Promise.reject(NOT_FOUND);
    await page.connect();
    page.clock.advance(60_000);
    await page.connect(3);

    expect(page.store.getState().prompts.get("q1")).toMatchObject({
      status: "expired",
      unsentAnswers: { answers: { target: ["Canary"] } },
    });
  });
});
