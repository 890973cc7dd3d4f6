// `npm run test:e2e`: every flow in Chromium against the mock and the real OpenClaw gateway.
import { copyFileSync, existsSync, mkdirSync } from "node:fs";
import { ASYNC_QUESTION_TEXT, demoAsyncDelivery } from "../src/demo/shared/async-question";
import { type ScriptedModel, startScriptedModel } from "../src/testing/index";
import { type PeerKind, peerKinds, startPeer } from "../test/conformance/peers";
import { FLOWS } from "../test/e2e/flows";
import { ASK_ASYNC_PROMPT, PLAIN_REPLY } from "../test/e2e/flows/async-support";
import { startGatewayProxy } from "../test/e2e/gateway-proxy";
import { createFlowContext, SCREENSHOT_DIR } from "../test/e2e/harness";
import { asyncQuestionReply } from "../test/support/async-question-plugin/reply";
import { launchChromium } from "../test/support/chromium";
import { langgraphReview } from "./demo/langgraph-review-flow";
import { startDemo } from "./demo/start-demo";
import { ensurePeer } from "./peer-install";

const DEFAULT_FLOW_TIMEOUT_MS = 90_000;
/** The committed screenshots the README shows. */
const README_SCREENSHOT_DIR = "test/e2e/screenshots/";
/** Screenshots that `E2E_UPDATE_DOCS=1` copies from a passing mock run into README_SCREENSHOT_DIR for the README. */
const DOCS_SCREENSHOTS: Record<string, string> = {
  "mock-dock.png": "dock.png",
  "mock-dock-multi-step.png": "stepper.png",
  "mock-bar.png": "bar.png",
  "mock-summary.png": "summary.png",
  "mock-channels.png": "channels.png",
  "mock-ai-sdk-chat.png": "ai-sdk-chat.png",
  "mock-mcp-form.png": "mcp-form.png",
  "mock-langgraph-review.png": "langgraph-review.png",
  "mock-ag-ui-chat.png": "ag-ui-chat.png",
};

type Outcome = { kind: PeerKind; flow: string; ok: boolean; ms: number; error?: string };

/** The real gateway's model: an async question for the async flows' prompt, else a short reply. */
function startE2eModel(): Promise<ScriptedModel> {
  let asked = 0;
  return startScriptedModel([
    {
      matches: (prompt) => prompt.includes(ASK_ASYNC_PROMPT),
      askUser: null,
      // Each turn's question has its own item id, as OpenClaw's do.
      reply: () => {
        asked += 1;
        return asyncQuestionReply(demoAsyncDelivery(`asyncq-e2e-${asked}`), ASYNC_QUESTION_TEXT);
      },
    },
    { matches: () => true, askUser: null, reply: () => PLAIN_REPLY },
  ]);
}

const kinds: PeerKind[] = process.env.E2E_PEERS
  ? peerKinds().filter((kind) => process.env.E2E_PEERS?.split(",").includes(kind))
  : peerKinds();
const only = process.env.E2E_FLOWS?.split(",").map((name) => name.trim());
// The LangGraph page's flow takes its README picture; the page needs the LangGraph server.
const allFlows = [...FLOWS, langgraphReview];
const flows = only ? allFlows.filter((flow) => only.includes(flow.name)) : allFlows;

const withTimeout = <T>(promise: Promise<T>, ms: number, label: string): Promise<T> =>
  new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${label} timed out after ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

const started = Date.now();
const outcomes: Outcome[] = [];
const skipped: string[] = [];
if (kinds.includes("real")) await ensurePeer();
const browser = await launchChromium();
try {
  for (const kind of kinds) {
    console.log(`\n${kind} gateway`);
    const setupStarted = Date.now();
    // The real gateway's agent runs on a scripted model, with the test plugin that turns a marked
    // reply into an async question: the async flows ask there through a real agent turn.
    const model = kind === "real" ? await startE2eModel() : null;
    const peer = await startPeer(
      kind,
      model === null ? {} : { model: { baseUrl: model.baseUrl }, asyncQuestions: true },
    );
    const proxy = await startGatewayProxy(peer.url);
    const demo = await startDemo({
      gateway: { url: peer.url, token: peer.token },
      pageGatewayUrl: proxy.url,
      mode: kind,
      production: true,
      langgraph: flows.includes(langgraphReview),
    });
    console.log(`  started in ${seconds(Date.now() - setupStarted)} (page ${demo.pageUrl})`);
    // What `npm start` serves: the production build, whose page loads no Vite client.
    const html = await (await fetch(demo.pageUrl)).text();
    if (html.includes("@vite/client")) throw new Error("the demo page is not the production build");
    // A production build drops a CSS import the bundler deems free of side effects: check it kept
    // the kit's stylesheet.
    const sheets = [...html.matchAll(/<link rel="stylesheet"[^>]* href="([^"]+)"/g)];
    const css = await Promise.all(
      sheets.map(async ([, href]) => (await fetch(new URL(href ?? "", demo.pageUrl))).text()),
    );
    if (!css.some((text) => text.includes(".ask-dock"))) {
      throw new Error("the demo page's production build lacks the kit's stylesheet");
    }
    console.log("  the page is the production build (no Vite client, the kit's stylesheet)");
    try {
      for (const flow of flows) {
        if (flow.only !== undefined && !flow.only.peers.includes(kind)) {
          skipped.push(`${kind}: ${flow.name}`);
          console.log(`  - ${flow.name} not run on this gateway: ${flow.only.elsewhere}`);
          continue;
        }
        const flowStarted = Date.now();
        const context = await createFlowContext(browser, {
          peer,
          demo,
          proxy,
          flowName: flow.name,
        });
        try {
          await withTimeout(
            flow.run(context),
            flow.timeoutMs ?? DEFAULT_FLOW_TIMEOUT_MS,
            flow.name,
          );
          // A flow that works but throws or logs errors in the page is not a pass.
          if (context.pageErrors.length > 0) {
            throw new Error(`the page reported errors:\n${context.pageErrors.join("\n")}`);
          }
          outcomes.push({ kind, flow: flow.name, ok: true, ms: Date.now() - flowStarted });
          console.log(`  ✓ ${flow.name} (${seconds(Date.now() - flowStarted)})`);
          for (const text of context.notes) console.log(`      note: ${text}`);
        } catch (error) {
          const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
          outcomes.push({
            kind,
            flow: flow.name,
            ok: false,
            ms: Date.now() - flowStarted,
            error: message,
          });
          console.log(
            `  ✗ ${flow.name} (${seconds(Date.now() - flowStarted)})\n${message.replace(/^/gm, "      ")}`,
          );
          await context.screenshot(`failed-${flow.name}`).catch(() => undefined);
        } finally {
          await context.context.close().catch(() => undefined);
        }
      }
    } finally {
      await demo.close();
      await proxy.close();
      await peer.close();
      await model?.close();
    }
  }
} finally {
  await browser.close();
}

const failed = outcomes.filter((outcome) => !outcome.ok);
console.log(`\nSummary (${seconds(Date.now() - started)}):`);
for (const kind of kinds) {
  const ofKind = outcomes.filter((outcome) => outcome.kind === kind);
  console.log(
    `  ${kind}: ${ofKind.filter((outcome) => outcome.ok).length}/${ofKind.length} flows passed`,
  );
}
if (skipped.length > 0) {
  console.log(`  not run (see each flow's reason above): ${skipped.join(", ")}`);
}
// Repeated here so a log's tail names what failed and why.
for (const outcome of failed) {
  const firstLines = (outcome.error ?? "").split("\n").slice(0, 4).join("\n        ");
  console.log(`  ✗ ${outcome.kind}: ${outcome.flow}\n        ${firstLines}`);
}
if (process.env.E2E_UPDATE_DOCS === "1" && failed.length === 0) {
  mkdirSync(README_SCREENSHOT_DIR, { recursive: true });
  for (const [from, to] of Object.entries(DOCS_SCREENSHOTS)) {
    if (existsSync(SCREENSHOT_DIR + from))
      copyFileSync(SCREENSHOT_DIR + from, README_SCREENSHOT_DIR + to);
  }
  console.log(`Copied ${Object.values(DOCS_SCREENSHOTS).join(", ")} to ${README_SCREENSHOT_DIR}`);
}
console.log(`${outcomes.length - failed.length} passed, ${failed.length} failed`);
process.exit(failed.length === 0 && outcomes.length > 0 ? 0 : 1);
