import { describe, expect, it } from "vitest";
import { createPageErrorLog, isGatewayNetworkFailure } from "../e2e/page-errors";

const GATEWAY = "ws://127.0.0.1:34749";
const failure = (url: string, code: string) =>
  `WebSocket connection to '${url}' failed: Error in connection establishment: net::${code}`;
const OFFLINE_NOISE = failure(`${GATEWAY}/`, "ERR_INTERNET_DISCONNECTED");

describe("isGatewayNetworkFailure", () => {
  it.each([
    ["offline", OFFLINE_NOISE],
    ["refused", failure(`${GATEWAY}/`, "ERR_CONNECTION_REFUSED")],
    [
      "reset in the handshake",
      `WebSocket connection to '${GATEWAY}/?x=1' failed: Error during WebSocket handshake: net::ERR_CONNECTION_RESET`,
    ],
    [
      "closed before the handshake",
      `WebSocket connection to '${GATEWAY}/' failed: Connection closed before receiving a handshake response`,
    ],
  ])("matches the browser's %s message for the gateway", (_, text) => {
    expect(isGatewayNetworkFailure(text, GATEWAY)).toBe(true);
  });

  it.each([
    ["another port", failure("ws://127.0.0.1:34750/", "ERR_INTERNET_DISCONNECTED")],
    ["another host", failure("ws://192.168.1.9:34749/", "ERR_CONNECTION_REFUSED")],
    ["another scheme", failure("wss://127.0.0.1:34749/", "ERR_CONNECTION_REFUSED")],
    ["an unsafe port", failure(`${GATEWAY}/`, "ERR_UNSAFE_PORT")],
    ["a blocked address", failure(`${GATEWAY}/`, "ERR_BLOCKED_BY_LOCAL_NETWORK_ACCESS_CHECKS")],
    [
      "a refused upgrade",
      `WebSocket connection to '${GATEWAY}/' failed: Error during WebSocket handshake: Unexpected response code: 401`,
    ],
    ["a failed fetch", "Failed to load resource: net::ERR_INTERNET_DISCONNECTED"],
    ["the message with more after it", `${OFFLINE_NOISE} (and then a crash)`],
  ])("does not match %s", (_, text) => {
    expect(isGatewayNetworkFailure(text, GATEWAY)).toBe(false);
  });
});

describe("createPageErrorLog", () => {
  it("tolerates the gateway's offline noise inside the window", async () => {
    const log = createPageErrorLog();
    await log.expectNetworkNoise(GATEWAY, async () => {
      log.console({ type: "error", text: OFFLINE_NOISE });
    });
    expect(log.errors).toEqual([]);
    expect(log.tolerated).toEqual([OFFLINE_NOISE]);
  });

  it("fails on the same message before the window opens and after it closes", async () => {
    const log = createPageErrorLog();
    log.console({ type: "error", text: OFFLINE_NOISE });
    await log.expectNetworkNoise(GATEWAY, async () => undefined);
    log.console({ type: "error", text: OFFLINE_NOISE });
    expect(log.errors).toEqual([`console: ${OFFLINE_NOISE}`, `console: ${OFFLINE_NOISE}`]);
    expect(log.tolerated).toEqual([]);
  });

  it("closes the window when the flow inside it throws", async () => {
    const log = createPageErrorLog();
    await expect(
      log.expectNetworkNoise(GATEWAY, async () => {
        throw new Error("the page never reconnected");
      }),
    ).rejects.toThrow("the page never reconnected");
    log.console({ type: "error", text: OFFLINE_NOISE });
    expect(log.errors).toEqual([`console: ${OFFLINE_NOISE}`]);
  });

  it("fails on other errors inside the window", async () => {
    const log = createPageErrorLog();
    const otherGateway = failure("ws://127.0.0.1:40000/", "ERR_INTERNET_DISCONNECTED");
    await log.expectNetworkNoise(GATEWAY, async () => {
      log.console({ type: "error", text: "TypeError: prompt is undefined" });
      log.console({ type: "error", text: otherGateway });
      log.uncaught("Cannot read properties of null (reading 'id')");
    });
    expect(log.errors).toEqual([
      "console: TypeError: prompt is undefined",
      `console: ${otherGateway}`,
      "uncaught: Cannot read properties of null (reading 'id')",
    ]);
  });

  it("ignores console output that is not an error", () => {
    const log = createPageErrorLog();
    log.console({ type: "warning", text: OFFLINE_NOISE });
    log.console({ type: "log", text: "gateway: connected (connection 1)" });
    expect(log.errors).toEqual([]);
  });

  it("keeps an outer window open when an inner one closes", async () => {
    const log = createPageErrorLog();
    await log.expectNetworkNoise(GATEWAY, async () => {
      await log.expectNetworkNoise(GATEWAY, async () => undefined);
      log.console({ type: "error", text: OFFLINE_NOISE });
    });
    expect(log.errors).toEqual([]);
  });
});
