import { createDeviceKey } from "../raw-client";
import {
  DEPLOY_QUESTION,
  outcome,
  payloadOf,
  requestQuestion,
  type Scenario,
  sleep,
} from "./harness";

const LOOPBACK_ORIGIN = "http://127.0.0.1:5173";
const BROWSER = {
  origin: LOOPBACK_ORIGIN,
  clientId: "openclaw-control-ui",
  mode: "webchat",
  platform: "web",
};
const SIGNATURE_AGE_MS = 10 * 60_000;

function grant(hello: { ok: boolean; payload?: unknown }): Record<string, unknown> {
  if (!hello.ok) return { ok: false };
  const payload = hello.payload as {
    auth: { method: string; scopes: string[]; deviceToken?: string };
    protocol: number;
    features: { methods: string[]; events: string[] };
    policy: { tickIntervalMs: number };
  };
  return {
    ok: true,
    protocol: payload.protocol,
    method: payload.auth.method,
    scopes: payload.auth.scopes,
    deviceToken: typeof payload.auth.deviceToken === "string",
    questionMethods: payload.features.methods
      .filter((method) => method.startsWith("question."))
      .sort(),
    questionEvents: payload.features.events.filter((event) => event.startsWith("question.")).sort(),
    tickIntervalMs: payload.policy.tickIntervalMs,
  };
}

const QUESTION_METHODS = [
  "question.get",
  "question.list",
  "question.request",
  "question.resolve",
  "question.waitAnswer",
];
const QUESTION_EVENTS = ["question.requested", "question.resolved"];

/** Handshake: tokens, devices, origins, scopes. */
export const authScenarios: Scenario[] = [
  {
    name: "a back-end client with the shared token gets the scopes it asked for",
    expected: {
      ok: true,
      protocol: 4,
      method: "token",
      scopes: ["operator.questions"],
      deviceToken: false,
      questionMethods: QUESTION_METHODS,
      questionEvents: QUESTION_EVENTS,
      tickIntervalMs: 30_000,
    },
    run: async ({ connect }) => grant((await connect()).hello),
  },
  {
    name: "a wrong shared token fails with AUTH_TOKEN_MISMATCH",
    expected: {
      ok: false,
      code: "INVALID_REQUEST",
      reason: null,
      detailCode: "AUTH_TOKEN_MISMATCH",
    },
    run: async ({ connect }) => outcome((await connect({ token: "not-the-token" })).hello),
  },
  {
    name: "no token and no device fails with NOT_PAIRED / DEVICE_IDENTITY_REQUIRED",
    expected: {
      ok: false,
      code: "NOT_PAIRED",
      reason: null,
      detailCode: "DEVICE_IDENTITY_REQUIRED",
    },
    run: async ({ connect }) => outcome((await connect({ token: undefined })).hello),
  },
  {
    name: "a Control UI page without a device identity is refused",
    expected: {
      ok: false,
      code: "INVALID_REQUEST",
      reason: null,
      detailCode: "CONTROL_UI_DEVICE_IDENTITY_REQUIRED",
    },
    run: async ({ connect }) => outcome((await connect(BROWSER)).hello),
  },
  {
    name: "a Control UI page from a foreign origin is refused",
    expected: {
      ok: false,
      code: "INVALID_REQUEST",
      reason: "origin not allowed",
      detailCode: "CONTROL_UI_ORIGIN_NOT_ALLOWED",
    },
    run: async ({ connect }) =>
      outcome(
        (await connect({ ...BROWSER, origin: "http://evil.example", device: createDeviceKey() }))
          .hello,
      ),
  },
  {
    name: "a webchat-mode client without an Origin header is refused",
    expected: {
      ok: false,
      code: "INVALID_REQUEST",
      reason: "origin missing or invalid",
      detailCode: "CONTROL_UI_ORIGIN_NOT_ALLOWED",
    },
    run: async ({ connect }) => outcome((await connect({ mode: "webchat" })).hello),
  },
  {
    name: "a browser without a device is accepted with no scopes, then FORBIDDEN without events",
    expected: {
      hello: { ok: true, scopes: [] },
      list: { ok: false, code: "FORBIDDEN", reason: null, detailCode: "MISSING_SCOPE" },
      questionEvents: 0,
    },
    run: async ({ connect, newId }) => {
      const browser = await connect({
        origin: LOOPBACK_ORIGIN,
        clientId: "webchat-ui",
        mode: "webchat",
        platform: "web",
      });
      const asker = await connect();
      const id = newId();
      await requestQuestion(asker, { id, questions: [DEPLOY_QUESTION] });
      await asker.request("question.resolve", { id, cancel: true });
      const list = outcome(await browser.request("question.list", {}));
      await sleep(300);
      const hello = grant(browser.hello);
      return {
        hello: { ok: hello.ok, scopes: hello.scopes },
        list,
        questionEvents: browser.events.filter((event) => event.event.startsWith("question."))
          .length,
      };
    },
  },
  {
    name: "a client without operator.questions gets FORBIDDEN on every question method",
    expected: {
      request: { ok: false, code: "FORBIDDEN", reason: null, detailCode: "MISSING_SCOPE" },
      get: { ok: false, code: "FORBIDDEN", reason: null, detailCode: "MISSING_SCOPE" },
      questionEvents: 0,
    },
    run: async ({ connect, newId }) => {
      const reader = await connect({ scopes: ["operator.read"] });
      const asker = await connect();
      const id = newId();
      await requestQuestion(asker, { id, questions: [DEPLOY_QUESTION] });
      const request = outcome(
        await reader.request("question.request", { questions: [DEPLOY_QUESTION] }),
      );
      const get = outcome(await reader.request("question.get", { id }));
      await sleep(300);
      return {
        request,
        get,
        questionEvents: reader.events.filter((event) => event.event.startsWith("question.")).length,
      };
    },
  },
  {
    name: "a browser with a fresh device is paired silently and gets a device token",
    expected: {
      ok: true,
      protocol: 4,
      method: "token",
      scopes: ["operator.questions"],
      deviceToken: true,
      questionMethods: QUESTION_METHODS,
      questionEvents: QUESTION_EVENTS,
      tickIntervalMs: 30_000,
    },
    run: async ({ connect }) =>
      grant((await connect({ ...BROWSER, device: createDeviceKey(), displayName: "Kit A" })).hello),
  },
  {
    name: "a paired device reconnects with its device token, which is reused, not rotated",
    expected: {
      hello: { ok: true, method: "device-token", scopes: ["operator.questions"] },
      sameDeviceToken: true,
      list: { ok: true },
    },
    run: async ({ connect }) => {
      const device = createDeviceKey();
      const first = await connect({ ...BROWSER, device, displayName: "Kit B" });
      const deviceToken = String(
        (payloadOf(first.hello).auth as { deviceToken?: string }).deviceToken,
      );
      first.close();
      const again = await connect({
        ...BROWSER,
        device,
        displayName: "Kit B",
        token: undefined,
        deviceToken,
      });
      const hello = grant(again.hello);
      const reissued = (payloadOf(again.hello).auth as { deviceToken?: string }).deviceToken;
      return {
        hello: { ok: hello.ok, method: hello.method, scopes: hello.scopes },
        sameDeviceToken: reissued === deviceToken,
        list: outcome(await again.request("question.list", {})),
      };
    },
  },
  {
    name: "a wrong device token fails with AUTH_DEVICE_TOKEN_MISMATCH",
    expected: {
      ok: false,
      code: "INVALID_REQUEST",
      reason: null,
      detailCode: "AUTH_DEVICE_TOKEN_MISMATCH",
    },
    run: async ({ connect }) => {
      const device = createDeviceKey();
      (await connect({ ...BROWSER, device, displayName: "Kit C" })).close();
      return outcome(
        (
          await connect({
            ...BROWSER,
            device,
            displayName: "Kit C",
            token: undefined,
            deviceToken: "wrong",
          })
        ).hello,
      );
    },
  },
  {
    name: "a signature over another token fails with DEVICE_AUTH_SIGNATURE_INVALID",
    expected: {
      ok: false,
      code: "INVALID_REQUEST",
      reason: "device-signature",
      detailCode: "DEVICE_AUTH_SIGNATURE_INVALID",
    },
    run: async ({ connect }) =>
      outcome(
        (
          await connect({
            ...BROWSER,
            device: createDeviceKey(),
            signedTokenOverride: "something-else",
          })
        ).hello,
      ),
  },
  {
    name: "a stale signedAt or a foreign nonce is refused",
    expected: {
      stale: {
        ok: false,
        code: "INVALID_REQUEST",
        reason: "device-signature-stale",
        detailCode: "DEVICE_AUTH_SIGNATURE_EXPIRED",
      },
      nonce: {
        ok: false,
        code: "INVALID_REQUEST",
        reason: "device-nonce-mismatch",
        detailCode: "DEVICE_AUTH_NONCE_MISMATCH",
      },
    },
    run: async ({ connect }) => ({
      stale: outcome(
        (
          await connect({
            ...BROWSER,
            device: createDeviceKey(),
            signedAtOverride: Date.now() - SIGNATURE_AGE_MS,
          })
        ).hello,
      ),
      nonce: outcome(
        (await connect({ ...BROWSER, device: createDeviceKey(), nonceOverride: "not-the-nonce" }))
          .hello,
      ),
    }),
  },
  {
    name: "an unknown client id or protocol range is refused",
    expected: {
      clientId: { ok: false, code: "INVALID_REQUEST", reason: null, detailCode: null },
      protocol: {
        ok: false,
        code: "INVALID_REQUEST",
        reason: null,
        detailCode: "PROTOCOL_MISMATCH",
      },
      extra: { ok: false, code: "INVALID_REQUEST", reason: null, detailCode: null },
    },
    run: async ({ connect }) => ({
      clientId: outcome((await connect({ clientId: "my-app" })).hello),
      protocol: outcome((await connect({ extraParams: { minProtocol: 5, maxProtocol: 5 } })).hello),
      extra: outcome((await connect({ extraParams: { theme: "dark" } })).hello),
    }),
  },
];
