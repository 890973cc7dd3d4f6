import { afterEach, describe, expect, it } from "vitest";
import { createManualClock } from "../../src/testing/manual-clock";
import { createMockGateway, type MockGateway } from "../../src/testing/mock-gateway";
import { createDeviceKey, type RawConnectOptions, rawConnect } from "../conformance/raw-client";

const BROWSER: RawConnectOptions = {
  origin: "http://127.0.0.1:5173",
  clientId: "openclaw-control-ui",
  mode: "webchat",
  platform: "web",
};
const SIGNATURE_SKEW_MS = 120_000;

let gateway: MockGateway | null = null;
afterEach(async () => {
  await gateway?.close();
  gateway = null;
});

async function start(options: Parameters<typeof createMockGateway>[0] = {}): Promise<MockGateway> {
  gateway = await createMockGateway({ token: "secret-token", ...options });
  return gateway;
}

function errorOf(hello: Awaited<ReturnType<typeof rawConnect>>["hello"]) {
  if (hello.ok) throw new Error("expected the handshake to fail");
  return { code: hello.error.code, details: hello.error.details };
}

describe("given a mock gateway with a shared token", () => {
  it("should accept a back-end client with the token and grant the requested scopes", async () => {
    const { url } = await start();
    const connection = await rawConnect(url, { token: "secret-token" });
    expect(connection.hello.ok).toBe(true);
    const payload = connection.hello.ok
      ? (connection.hello.payload as { auth: { scopes: string[]; method: string } })
      : null;
    expect(payload?.auth).toMatchObject({ method: "token", scopes: ["operator.questions"] });
    connection.close();
  });

  it("should refuse a wrong token with AUTH_TOKEN_MISMATCH and close the socket", async () => {
    const { url } = await start();
    const connection = await rawConnect(url, { token: "nope" });
    expect(errorOf(connection.hello)).toMatchObject({
      code: "INVALID_REQUEST",
      details: { code: "AUTH_TOKEN_MISMATCH" },
    });
    expect((await connection.closed).code).toBe(1008);
  });

  it("should refuse a client with neither token nor device as NOT_PAIRED", async () => {
    const { url } = await start();
    const connection = await rawConnect(url, {});
    expect(errorOf(connection.hello)).toMatchObject({
      code: "NOT_PAIRED",
      details: { code: "DEVICE_IDENTITY_REQUIRED" },
    });
  });

  it("should refuse the Control UI without a device identity", async () => {
    const { url } = await start();
    const connection = await rawConnect(url, { ...BROWSER, token: "secret-token" });
    expect(errorOf(connection.hello).details).toEqual({
      code: "CONTROL_UI_DEVICE_IDENTITY_REQUIRED",
    });
  });

  it("should refuse a signature that does not cover the token sent", async () => {
    const { url } = await start();
    const device = createDeviceKey();
    const connection = await rawConnect(url, {
      ...BROWSER,
      token: "secret-token",
      device,
      signedTokenOverride: "other",
    });
    expect(errorOf(connection.hello).details).toEqual({
      code: "DEVICE_AUTH_SIGNATURE_INVALID",
      reason: "device-signature",
    });
  });

  it("should refuse a signature older than two minutes on its clock", async () => {
    const clock = createManualClock();
    const { url } = await start({ clock });
    const connection = await rawConnect(url, {
      ...BROWSER,
      token: "secret-token",
      device: createDeviceKey(),
      signedAtOverride: clock.now() - SIGNATURE_SKEW_MS - 1,
    });
    expect(errorOf(connection.hello).details).toMatchObject({
      code: "DEVICE_AUTH_SIGNATURE_EXPIRED",
    });
  });

  it("should refuse a foreign origin unless it is in allowedOrigins", async () => {
    const { url } = await start({ allowedOrigins: ["https://ops.example"] });
    const foreign = await rawConnect(url, {
      ...BROWSER,
      origin: "https://evil.example",
      token: "secret-token",
      device: createDeviceKey(),
    });
    expect(errorOf(foreign.hello).details).toMatchObject({
      code: "CONTROL_UI_ORIGIN_NOT_ALLOWED",
      reason: "origin not allowed",
    });
    const allowed = await rawConnect(url, {
      ...BROWSER,
      origin: "https://ops.example",
      token: "secret-token",
      device: createDeviceKey(),
    });
    expect(allowed.hello.ok).toBe(true);
    allowed.close();
  });

  it("should pair a new device silently and accept its device token on reconnect", async () => {
    const { url } = await start();
    const device = createDeviceKey();
    const first = await rawConnect(url, { ...BROWSER, token: "secret-token", device });
    const deviceToken = first.hello.ok
      ? (first.hello.payload as { auth: { deviceToken?: string } }).auth.deviceToken
      : undefined;
    expect(typeof deviceToken).toBe("string");
    first.close();
    const again = await rawConnect(url, { ...BROWSER, device, deviceToken: String(deviceToken) });
    expect(
      again.hello.ok && (again.hello.payload as { auth: { method: string } }).auth.method,
    ).toBe("device-token");
    const wrong = await rawConnect(url, { ...BROWSER, device, deviceToken: "forged" });
    expect(errorOf(wrong.hello).details).toMatchObject({ code: "AUTH_DEVICE_TOKEN_MISMATCH" });
    again.close();
  });

  it("should let a browser without a device in with no scopes, so question methods are FORBIDDEN", async () => {
    const { url } = await start();
    const connection = await rawConnect(url, {
      origin: "http://localhost:3000",
      clientId: "webchat-ui",
      mode: "webchat",
      token: "secret-token",
    });
    expect(
      connection.hello.ok &&
        (connection.hello.payload as { auth: { scopes: string[] } }).auth.scopes,
    ).toEqual([]);
    const list = await connection.request("question.list", {});
    expect(list.ok ? null : list.error).toMatchObject({
      code: "FORBIDDEN",
      details: { missingScope: "operator.questions" },
    });
    connection.close();
  });

  it("should refuse an unknown client id and a protocol range without 4", async () => {
    const { url } = await start();
    const unknownClient = await rawConnect(url, { token: "secret-token", clientId: "my-app" });
    expect(errorOf(unknownClient.hello).code).toBe("INVALID_REQUEST");
    const protocol = await rawConnect(url, {
      token: "secret-token",
      extraParams: { minProtocol: 5, maxProtocol: 6 },
    });
    expect(errorOf(protocol.hello).details).toMatchObject({
      code: "PROTOCOL_MISMATCH",
      expectedProtocol: 4,
    });
  });
});
