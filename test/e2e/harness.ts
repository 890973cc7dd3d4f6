import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Browser, BrowserContext, Page } from "playwright-core";
import type { RunningDemo } from "../../scripts/demo/start-demo";
import type { ScenarioName } from "../../src/demo/shared/scenarios";
import type { QuestionApi } from "../../src/gateway/types";
import type { GatewayPeer, PeerKind } from "../conformance/peers";
import { expectNoAxeViolations } from "./axe-check";
import type { GatewayProxy } from "./gateway-proxy";
import { createPageErrorLog } from "./page-errors";

/** Where each run saves its screenshots (gitignored). */
export const SCREENSHOT_DIR = fileURLToPath(new URL("./__screenshots__/", import.meta.url));

/** Everything one flow needs. */
export type FlowContext = {
  peer: GatewayPeer;
  demo: RunningDemo;
  proxy: GatewayProxy;
  page: Page;
  context: BrowserContext;
  /** A session of its own, so flows never see each other's questions. */
  sessionKey: string;
  /** Opens the page on this flow's session and waits for "Connected". */
  openPage(): Promise<void>;
  /** Makes the demo agent ask a scenario in this flow's session. */
  runScenario(name: ScenarioName): Promise<{ runId: string; id: string }>;
  /** The start server's back-end question API (the side of `npm run ask` or a channel). */
  backend: QuestionApi;
  expectAccessible(state: string): Promise<void>;
  screenshot(name: string): Promise<string>;
  /** Uncaught exceptions and console errors of the page, in order. */
  readonly pageErrors: string[];
  /**
   * Runs `during`, in which the flow cuts the page's network or takes the gateway down, and
   * tolerates the browser's failed connections to the page's gateway meanwhile. `during` should
   * end once the page is connected again.
   */
  expectNetworkNoise<T>(during: () => Promise<T>): Promise<T>;
  /** Runs `during`, in which the flow cuts the page's requests for URLs with `urlPart`. */
  expectFailedResource<T>(urlPart: string, during: () => Promise<T>): Promise<T>;
  /** Records something worth reporting that does not fail the flow. */
  note(text: string): void;
  readonly notes: string[];
};

/** One end-to-end flow. */
export type Flow = {
  name: string;
  timeoutMs?: number;
  /** The gateways it runs on, and why not on the others; every one when left out. */
  only?: { peers: readonly PeerKind[]; elsewhere: string };
  run(context: FlowContext): Promise<void>;
};

const VIEWPORT = { width: 1280, height: 820 };
const CONNECT_TIMEOUT_MS = 30_000;

/** Builds the context of one flow in a fresh browser context. */
export async function createFlowContext(
  browser: Browser,
  setup: { peer: GatewayPeer; demo: RunningDemo; proxy: GatewayProxy; flowName: string },
): Promise<FlowContext> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const context = await browser.newContext({ viewport: VIEWPORT, reducedMotion: "reduce" });
  const page = await context.newPage();
  const sessionKey = `agent:main:e2e-${setup.flowName}-${Date.now().toString(36)}`;
  const notes: string[] = [];
  const note = (text: string) => {
    if (!notes.includes(text)) notes.push(text);
  };
  const errorLog = createPageErrorLog();
  page.on("pageerror", (error) => errorLog.uncaught(error.message));
  page.on("console", (message) =>
    errorLog.console({ type: message.type(), text: message.text(), url: message.location().url }),
  );
  const pageUrl = `${setup.demo.pageUrl}?session=${encodeURIComponent(sessionKey)}`;
  return {
    ...setup,
    page,
    context,
    sessionKey,
    backend: setup.demo.api,
    openPage: async () => {
      await page.goto(pageUrl);
      await page.getByText("Connected", { exact: true }).waitFor({ timeout: CONNECT_TIMEOUT_MS });
    },
    runScenario: async (name) => {
      const response = await fetch(new URL("/agent/scenario", setup.demo.pageUrl), {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ name, sessionKey }),
      });
      if (!response.ok)
        throw new Error(`scenario ${name}: ${response.status} ${await response.text()}`);
      return (await response.json()) as { runId: string; id: string };
    },
    notes,
    pageErrors: errorLog.errors,
    expectNetworkNoise: async (during) => {
      const before = errorLog.tolerated.length;
      const result = await errorLog.expectNetworkNoise(setup.proxy.url, during);
      const tolerated = errorLog.tolerated.length - before;
      if (tolerated > 0)
        note(`tolerated ${tolerated} failed gateway connection(s) while the network was cut`);
      return result;
    },
    expectFailedResource: (urlPart, during) => errorLog.expectFailedResource(urlPart, during),
    note,
    expectAccessible: (state) => expectNoAxeViolations(page, `${setup.flowName}: ${state}`),
    screenshot: async (name) => {
      const path = `${SCREENSHOT_DIR}${setup.peer.kind}-${name}.png`;
      await page.screenshot({ path });
      return path;
    },
  };
}
