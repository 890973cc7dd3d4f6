import { afterEach, describe, expect, it } from "vitest";
import { createManualClock } from "../../src/testing/manual-clock";
import { createMockGateway, type MockGateway } from "../../src/testing/mock-gateway";
import { rawConnect } from "../conformance/raw-client";
import { flushIo } from "./flush-io";

const QUESTION = {
  questionId: "ok",
  header: "OK?",
  question: "Proceed?",
  options: [{ label: "Yes" }, { label: "No" }],
};
const TICK_MS = 1_000;

let gateway: MockGateway | null = null;
afterEach(async () => {
  await gateway?.close();
  gateway = null;
});

async function setup() {
  const clock = createManualClock();
  gateway = await createMockGateway({ clock, token: "t", tickIntervalMs: TICK_MS });
  const client = await rawConnect(gateway.url, { token: "t" });
  return { clock, client, mock: gateway };
}

describe("given fault injection on the mock gateway", () => {
  it("should lose only the next response of the named method", async () => {
    const { client, mock } = await setup();
    mock.loseNextResponse("question.list");
    let lost = true;
    void client.request("question.list", {}).then(() => {
      lost = false;
    });
    const get = await client.request("question.get", { id: "missing" });
    expect(get.ok).toBe(false);
    await flushIo();
    expect(lost).toBe(true);
    expect((await client.request("question.list", {})).ok).toBe(true);
  });

  it("should delay the next response until the clock passes the delay", async () => {
    const { clock, client, mock } = await setup();
    mock.delayNextResponse(5_000);
    let answered = false;
    const pending = client.request("question.list", {}).then((response) => {
      answered = true;
      return response;
    });
    await flushIo();
    expect(answered).toBe(false);
    clock.advance(5_000);
    expect((await pending).ok).toBe(true);
  });

  it("should send ticks with an increasing seq until stopped, and resume when started", async () => {
    const { clock, client, mock } = await setup();
    clock.advance(TICK_MS * 2);
    await flushIo();
    const ticks = client.events.filter((event) => event.event === "tick");
    expect(ticks.map((tick) => tick.seq)).toEqual([1, 2]);
    mock.stopTicks();
    clock.advance(TICK_MS * 3);
    await flushIo();
    expect(client.events.filter((event) => event.event === "tick")).toHaveLength(2);
    mock.startTicks();
    clock.advance(TICK_MS);
    await flushIo();
    expect(client.events.filter((event) => event.event === "tick").at(-1)?.seq).toBe(3);
  });

  it("should drop every connection on dropConnections", async () => {
    const { client, mock } = await setup();
    mock.dropConnections();
    const closed = await client.closed;
    expect(closed.code).not.toBe(1000);
  });

  it("should lose every question and connection on restart but keep serving", async () => {
    const { client, mock } = await setup();
    await client.request("question.request", { id: "ask_r", questions: [QUESTION] });
    await mock.restart();
    await client.closed;
    const again = await rawConnect(mock.url, { token: "t" });
    const get = await again.request("question.get", { id: "ask_r" });
    expect(get.ok ? null : get.error.details).toEqual({ reason: "QUESTION_NOT_FOUND" });
    again.close();
  });
});
