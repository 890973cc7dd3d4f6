/**
 * `npm run test:notify`: answers from OS notifications in Chromium, with trusted clicks. The demo
 * page's production build (embedded mock gateway, the drop-in question worker) and the
 * notification rig (a private session bus, a notification service of the test's own, Chromium on
 * a temporary profile) start once; each flow of test/notify/notify.test.ts then runs on a session
 * of its own. Prints a ✓/✗ line per flow with its time, the rig's timeline under a failure, and
 * "N passed, N failed"; exits 1 on any failure. `NOTIFY_FLOWS=<part,part>` runs the flows whose
 * names contain one of the parts; `NOTIFY_REPEAT=<n>` runs them n times over.
 */
import type { Page } from "playwright-core";
import { FLOWS, type NotifyEnv } from "../test/notify/notify.test";
import { type NotifyRig, startNotifyRig } from "../test/notify/support/notify-rig";
import { type RunningDemo, startDemo } from "./demo/start-demo";
import { runMain } from "./run-main";

const FLOW_TIMEOUT_MS = 45_000;

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const indent = (text: string) => text.replace(/^/gm, "      ");

function withTimeout<T>(promise: Promise<T>, ms: number, label: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${label} timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Closes every tab a flow opened; the first tab stays, so the browser keeps a window. */
async function closeFlowPages(rig: NotifyRig, keep: Page): Promise<void> {
  await Promise.all(
    rig.context
      .pages()
      .filter((page) => page !== keep)
      .map((page) => page.close().catch(() => undefined)),
  );
}

async function main(): Promise<number> {
  const started = Date.now();
  const only = process.env.NOTIFY_FLOWS?.split(",").map((part) => part.trim().toLowerCase());
  const chosen = only
    ? FLOWS.filter((flow) => only.some((part) => flow.name.toLowerCase().includes(part)))
    : FLOWS;
  const repeat = Math.max(1, Number(process.env.NOTIFY_REPEAT ?? "1") || 1);
  const flows = Array.from({ length: repeat }, () => chosen).flat();
  console.log("Building the demo page (production) and starting the notification rig...");
  let demo: RunningDemo | undefined;
  let rig: NotifyRig | undefined;
  let passed = 0;
  let failed = 0;
  try {
    [demo, rig] = await Promise.all([startDemo({ production: true }), startNotifyRig()]);
    const origin = new URL(demo.pageUrl).origin;
    const otherOrigin = origin.replace("127.0.0.1", "localhost");
    await rig.grantNotifications(origin);
    console.log(
      `  page ${demo.pageUrl}, rig (${rig.capabilities.join(", ")}) ready in ${seconds(Date.now() - started)}\n`,
    );
    const keep = rig.context.pages()[0] ?? (await rig.context.newPage());
    const env: NotifyEnv = { demo, rig, origin, otherOrigin };
    const pageErrors: string[] = [];
    rig.context.on("page", (page) => {
      page.on("pageerror", (error) => pageErrors.push(`${page.url()}: ${error.message}`));
    });
    for (const flow of flows) {
      const flowStarted = Date.now();
      pageErrors.length = 0;
      try {
        await withTimeout(flow.run(env), FLOW_TIMEOUT_MS, flow.name);
        // A flow that works but throws in the page is not a pass.
        if (pageErrors.length > 0)
          throw new Error(`the page reported errors:\n${pageErrors.join("\n")}`);
        passed += 1;
        console.log(`  ✓ ${flow.name} (${seconds(Date.now() - flowStarted)})`);
      } catch (error) {
        failed += 1;
        const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
        console.log(`  ✗ ${flow.name} (${seconds(Date.now() - flowStarted)})\n${indent(message)}`);
        console.log(`    rig timeline:\n${indent(rig.timeline() || "(empty)")}`);
      } finally {
        await closeFlowPages(rig, keep);
      }
    }
  } finally {
    await rig?.close();
    await demo?.close();
  }
  console.log(`\n${passed} passed, ${failed} failed (${seconds(Date.now() - started)})`);
  return failed === 0 && passed > 0 ? 0 : 1;
}

runMain(main);
