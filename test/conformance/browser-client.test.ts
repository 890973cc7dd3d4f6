import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBackendGatewayClient } from "../../src/gateway/backend-client";
import type { GatewayClientHandle } from "../../src/gateway/gateway-client";
import { createQuestionApi } from "../../src/gateway/question-api";
import type { QuestionApi } from "../../src/gateway/types";
import { createWsSocketFactory } from "../../src/testing/ws-socket-factory";
import { launchChromium } from "../support/chromium";
import { type ServedPage, servePage } from "./browser/serve-page";
import { type GatewayPeer, startPeer } from "./peers";

const CONNECT_TIMEOUT_MS = 20_000;

const QUESTIONS = [
  {
    questionId: "target",
    header: "Target",
    question: "Where should the build go?",
    options: [{ label: "staging" }, { label: "production" }],
    isOther: true,
  },
];

// Under Vitest's env the gateway silences its logs, and FORCE_COLOR splits "[gateway] ready"
// with colour codes; either way the ready line is never seen.
async function startRealPeerOutsideVitestEnv(): Promise<GatewayPeer> {
  const saved = Object.entries(process.env).filter(
    ([name]) => name.startsWith("VITEST") || name === "FORCE_COLOR" || name === "NO_COLOR",
  );
  for (const [name] of saved) delete process.env[name];
  process.env.NO_COLOR = "1";
  try {
    return await startPeer("real");
  } finally {
    delete process.env.NO_COLOR;
    for (const [name, value] of saved) process.env[name] = value;
  }
}

async function waitForConnected(client: GatewayClientHandle): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const check = () => {
      const state = client.getState();
      if (state.status === "connected") resolve();
      if (state.status === "failed")
        reject(new Error(`backend client failed: ${state.failure.kind}`));
    };
    client.subscribe(check);
    check();
  });
}

// Runs in the page: connects with a fresh device identity and records question events.
async function connectFromPage(page: Page, url: string, token: string) {
  return await page.evaluate(
    async ({ url, token, timeoutMs }) => {
      type PageGateway = typeof import("../../src/gateway/index");
      const gateway = (window as unknown as { gateway: PageGateway }).gateway;
      const client = gateway.createBrowserGatewayClient({ url, token, displayName: "Conformance" });
      const api = gateway.createQuestionApi(client);
      const requested: string[] = [];
      api.onRequested((record) => requested.push((record as { id: string }).id));
      Object.assign(window, { pageApi: api, requested });
      client.connect();
      const state = await new Promise<ReturnType<typeof client.getState>>((resolve) => {
        const timer = setTimeout(() => resolve(client.getState()), timeoutMs);
        client.subscribe(() => {
          const current = client.getState();
          if (current.status === "connected" || current.status === "failed") {
            clearTimeout(timer);
            resolve(current);
          }
        });
      });
      const readStore = (storeName: string, read: (store: IDBObjectStore) => IDBRequest) =>
        new Promise<unknown>((resolve, reject) => {
          const opening = indexedDB.open("ask-user-kit-gateway");
          opening.onerror = () => reject(opening.error);
          opening.onsuccess = () => {
            const reading = read(opening.result.transaction(storeName).objectStore(storeName));
            reading.onsuccess = () => resolve(reading.result);
            reading.onerror = () => reject(reading.error);
          };
        });
      const storedKey = (await readStore("device-key", (store) => store.get("default"))) as
        | { kind?: string; privateKey?: CryptoKey }
        | undefined;
      const storedTokens = (await readStore("device-tokens", (store) => store.getAll())) as {
        token?: string;
      }[];
      return {
        keyKind: storedKey?.kind ?? null,
        privateKeyExtractable: storedKey?.privateKey?.extractable ?? null,
        status: state.status,
        failure: state.status === "failed" ? state.failure.kind : null,
        scopes: state.status === "connected" ? state.hello.auth.scopes : [],
        issuedDeviceToken: storedTokens.some((stored) => typeof stored.token === "string"),
        secureContext: window.isSecureContext,
        urlHasToken: location.href.includes(token),
      };
    },
    { url, token, timeoutMs: CONNECT_TIMEOUT_MS },
  );
}

describe("given a page on 127.0.0.1 in real Chromium and the real gateway", () => {
  let peer: GatewayPeer;
  let served: ServedPage;
  let browser: Browser;
  let backend: GatewayClientHandle;
  let backendApi: QuestionApi;

  beforeAll(async () => {
    [peer, served, browser] = await Promise.all([
      startRealPeerOutsideVitestEnv(),
      servePage(),
      launchChromium(),
    ]);
    backend = createBackendGatewayClient({
      url: peer.url,
      token: peer.token,
      socketFactory: createWsSocketFactory(),
    });
    backend.connect();
    await waitForConnected(backend);
    backendApi = createQuestionApi(backend);
  });

  afterAll(async () => {
    backend?.close();
    await browser?.close();
    await served?.close();
    await peer?.close();
  });

  it("should pair a fresh device identity, receive an injected question and resolve it", async () => {
    const page = await browser.newPage();
    await page.goto(`${served.origin}/`);
    await page.waitForFunction(() => document.getElementById("status")?.textContent === "ready");

    const connection = await connectFromPage(page, peer.url, peer.token);
    expect(connection).toEqual({
      keyKind: "webcrypto",
      privateKeyExtractable: false,
      status: "connected",
      failure: null,
      // The browser client reads and writes the chat too (OpenClaw's async questions): granted.
      scopes: ["operator.questions", "operator.read", "operator.write"],
      issuedDeviceToken: true,
      secureContext: true,
      urlHasToken: false,
    });

    const { id } = await backendApi.request({ questions: QUESTIONS, timeoutMs: 120_000 });
    await page.waitForFunction((questionId) => {
      return (window as unknown as { requested: string[] }).requested.includes(questionId);
    }, id);

    const resolution = await page.evaluate(async (questionId) => {
      const api = (window as unknown as { pageApi: QuestionApi }).pageApi;
      const listed = await api.list();
      const result = await api.resolve(
        questionId,
        { answers: { target: [" production "] } },
        { resolvedBy: "browser" },
      );
      return { listed: listed.map((record) => record.id), result };
    }, id);
    expect(resolution.listed).toContain(id);
    expect(resolution.result).toEqual({
      status: "answered",
      answers: { answers: { target: ["production"] } },
    });

    const record = await backendApi.get(id);
    expect(record).toMatchObject({
      id,
      status: "answered",
      answers: { answers: { target: ["production"] } },
    });
    await page.close();
  });
});
