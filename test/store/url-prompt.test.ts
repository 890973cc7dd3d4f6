import { describe, expect, it } from "vitest";
import type { QuestionRecord } from "../../src/protocol/types";
import { createQuestionStore } from "../../src/store/create-question-store";
import { createLocalQuestionSource } from "../../src/store/local-source";
import { createManualClock } from "../../src/testing/manual-clock";
import { settle } from "./support/harness";

const NOW = 1_800_000_000_000;

function urlRecord(id: string, openUrl?: string): QuestionRecord {
  return {
    id,
    questions: [
      {
        questionId: "open_url",
        header: "example.com",
        question: "Sign in",
        options: [],
        ...(openUrl === undefined ? {} : { openUrl }),
      },
    ],
    createdAtMs: NOW,
    expiresAtMs: NOW + 60_000,
    status: "pending",
  };
}

async function setUp() {
  const clock = createManualClock(NOW);
  const source = createLocalQuestionSource({ clock });
  const calls: string[] = [];
  const handlers = (id: string) => ({
    answer: () => void calls.push(`${id}:answer`),
    decline: () => void calls.push(`${id}:decline`),
    expire: () => void calls.push(`${id}:expire`),
    open: () => void calls.push(`${id}:open`),
  });
  source.open();
  const store = createQuestionStore({ api: source, clock, storage: null, gatewayKey: "local" });
  store.getState().start();
  source.ask(urlRecord("url", "https://example.com/"), handlers("url"));
  source.ask(urlRecord("text"), handlers("text"));
  await settle(0);
  return { store, source, calls };
}

describe("given a URL prompt in the store", () => {
  it("should tell the source once that the user opened it, and keep it waiting", async () => {
    const { store, calls } = await setUp();
    await store.getState().openUrl("url");
    await store.getState().openUrl("url");
    expect(calls).toEqual(["url:open"]);
    expect(store.getState().prompts.get("url")?.status).toBe("pending");
  });

  it("should never send a typed value for it", async () => {
    const { store, calls } = await setUp();
    store.getState().setOtherText("url", "open_url", "typed");
    await store.getState().submit("url");
    expect(calls).toEqual([]);
    expect(store.getState().prompts.get("url")?.status).toBe("pending");
  });

  it("should not open a prompt without a URL, nor one that ended", async () => {
    const { store, calls } = await setUp();
    await store.getState().openUrl("text");
    await store.getState().skip("url");
    await store.getState().openUrl("url");
    expect(calls).toEqual(["url:decline"]);
    expect(store.getState().prompts.get("text")?.openedAtMs).toBeUndefined();
  });
});
