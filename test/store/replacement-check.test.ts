import { describe, expect, it } from "vitest";
import {
  GatewayDisconnectedError,
  GatewayRequestError,
  GatewayTimeoutError,
} from "../../src/gateway/errors";
import { createMemoryStorage, settle } from "./support/harness";
import { openPage, type Page } from "./support/page";
import { makeRecord } from "./support/records";

const FIRST = { answers: { target: ["Production"], checks: ["Tests"] } };
const EDITED = { answers: { target: ["Staging (Recommended)"], checks: ["Tests"] } };
const THEIRS = { answers: { target: ["Production"], checks: ["Lint"] } };
const BUSY = new GatewayRequestError("question.get", { code: "UNAVAILABLE", message: "busy" });

/** The first answer went out, its response was lost and the check failed: pending, delivery unknown. */
async function sendFirstUnconfirmed(page: Page): Promise<void> {
  const { api, store } = page;
  store.getState().chooseOption("q1", "target", "Production");
  store.getState().chooseOption("q1", "checks", "Tests");
  api.resolveImpl = () => Promise.reject(new GatewayTimeoutError("question.resolve", 10_000));
  api.getImpl = () => Promise.reject(BUSY);
  await store.getState().submit("q1");
  expect(store.getState().prompts.get("q1")).toMatchObject({
    status: "pending",
    sent: { kind: "resolve" },
  });
  api.resolveImpl = async (_id, answers) => ({ status: "answered", answers });
}

/** The next `question.get` is cut by a dropped connection. */
function dropConnectionDuringCheck(page: Page): void {
  page.api.getImpl = () => {
    page.api.setDisconnected();
    return Promise.reject(new GatewayDisconnectedError("question.get"));
  };
}

const editAnswer = (page: Page) =>
  page.store.getState().chooseOption("q1", "target", "Staging (Recommended)");

describe("given an unconfirmed answer, when the connection drops while the check of an edited Submit runs", () => {
  it("should send the edited answer once after reconnecting, when the first never landed", async () => {
    const page = await openPage(null);
    await sendFirstUnconfirmed(page);
    editAnswer(page);
    dropConnectionDuringCheck(page);
    await page.store.getState().submit("q1");
    expect(page.store.getState().prompts.get("q1")?.status).toBe("queued");
    await page.connect();
    await page.connect(3);
    expect(page.api.calls.resolvedAnswers).toEqual([FIRST, EDITED]);
    expect(page.store.getState().prompts.get("q1")).toMatchObject({
      status: "answered",
      answeredElsewhere: false,
      answers: EDITED,
    });
  });

  it("should keep the first answer as the user's own, sending nothing more, when it had landed", async () => {
    const page = await openPage(null);
    await sendFirstUnconfirmed(page);
    editAnswer(page);
    dropConnectionDuringCheck(page);
    await page.store.getState().submit("q1");
    page.api.listImpl = async () => [];
    page.api.getImpl = async () => makeRecord({ status: "answered", answers: FIRST });
    await page.connect();
    expect(page.api.calls.resolvedAnswers).toEqual([FIRST]);
    expect(page.store.getState().prompts.get("q1")).toMatchObject({
      status: "answered",
      answeredElsewhere: false,
      answers: FIRST,
      unsentAnswers: null,
    });
  });

  it("should send the Skip once after reconnecting, when the Skip was pressed instead", async () => {
    const page = await openPage(null);
    await sendFirstUnconfirmed(page);
    dropConnectionDuringCheck(page);
    await page.store.getState().skip("q1");
    await page.connect();
    expect(page.api.calls.resolvedAnswers).toEqual([FIRST]);
    expect(page.api.calls.cancel).toEqual(["q1"]);
    expect(page.store.getState().prompts.get("q1")).toMatchObject({
      status: "cancelled",
      answeredElsewhere: false,
    });
  });
});

describe("given an unconfirmed answer, when the check of an edited Submit fails while still connected", () => {
  it("should let Retry send the edited answer, not the first one", async () => {
    const page = await openPage(null);
    await sendFirstUnconfirmed(page);
    editAnswer(page);
    await page.store.getState().submit("q1");
    expect(page.store.getState().prompts.get("q1")).toMatchObject({
      status: "pending",
      error: { code: "UNAVAILABLE" },
    });
    page.api.getImpl = async () => makeRecord();
    await page.store.getState().retry("q1");
    expect(page.api.calls.resolvedAnswers).toEqual([FIRST, EDITED]);
    expect(page.store.getState().prompts.get("q1")).toMatchObject({
      status: "answered",
      answeredElsewhere: false,
      answers: EDITED,
    });
  });
});

describe("given an unconfirmed answer, when the page reloads while the check of a replacement runs", () => {
  async function reloadDuringCheck(press: "submit" | "skip") {
    const storage = createMemoryStorage();
    const first = await openPage(storage);
    await sendFirstUnconfirmed(first);
    if (press === "submit") editAnswer(first);
    first.api.getImpl = () => new Promise(() => undefined);
    void first.store.getState()[press]("q1");
    await settle(0);
    first.store.getState().stop();
    return storage;
  }

  it("should send the edited answer once after the reload, not the first one", async () => {
    const storage = await reloadDuringCheck("submit");
    const reloaded = await openPage(storage);
    await reloaded.connect();
    expect(reloaded.api.calls.resolvedAnswers).toEqual([EDITED]);
    expect(reloaded.store.getState().prompts.get("q1")).toMatchObject({
      status: "answered",
      answeredElsewhere: false,
      answers: EDITED,
    });
  });

  it("should send the Skip once after the reload, not the first answer", async () => {
    const storage = await reloadDuringCheck("skip");
    const reloaded = await openPage(storage);
    expect(reloaded.api.calls.resolve).toEqual([]);
    expect(reloaded.api.calls.cancel).toEqual(["q1"]);
    expect(reloaded.store.getState().prompts.get("q1")).toMatchObject({
      status: "cancelled",
      answeredElsewhere: false,
    });
  });
});

describe("given an edited answer submitted after an unconfirmed one, when the prompt ends elsewhere", () => {
  it("should keep the edited answer for copying when it was pressed offline and the prompt expired", async () => {
    const page = await openPage(null);
    await sendFirstUnconfirmed(page);
    page.api.setDisconnected();
    editAnswer(page);
    await page.store.getState().submit("q1");
    page.api.listImpl = async () => [];
    page.api.getImpl = async () => makeRecord({ status: "expired" });
    await page.connect();
    expect(page.store.getState().prompts.get("q1")).toMatchObject({
      status: "expired",
      unsentAnswers: EDITED,
    });
  });

  it("should keep the edited answer for copying when the check shows another surface answered", async () => {
    const page = await openPage(null);
    await sendFirstUnconfirmed(page);
    editAnswer(page);
    page.api.getImpl = async () => makeRecord({ status: "answered", answers: THEIRS });
    await page.store.getState().submit("q1");
    expect(page.store.getState().prompts.get("q1")).toMatchObject({
      status: "answered",
      answeredElsewhere: true,
      answers: THEIRS,
      unsentAnswers: EDITED,
    });
  });
});
