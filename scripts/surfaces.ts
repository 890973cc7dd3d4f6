/**
 * `npm run test:surfaces`, after `npm run build`: the surface matrix. The package is packed, and a
 * throwaway Vite app outside the repository installs the tarball with its peers at the repo's
 * pinned versions; each README host (test/surfaces/app/src/hosts) imports the kit's entries as its
 * README section does and passes no dictionary (Arabic passes `ask-user-kit/locales/ar`'s). Each
 * case is a host × width (1280, 390 px) × state a user meets × locale (English, Arabic), driven
 * through the host's own source (the kit's mock gateway from ask-user-kit/testing for OpenClaw, a
 * chat's messages, a thread's interrupts, an in-memory MCP server, an AG-UI `HttpAgent` whose
 * `fetch` streams a scripted server's SSE events in the page; its question answered elsewhere is
 * answered first in a second tab on the thread's URL, which the kit's tabs tell each other through
 * localStorage). Each case must have 0 axe violations, no visible control without an accessible
 * name, no horizontal overflow, and a screenshot within 40 pixels of its approved baseline in
 * test/surfaces/baselines. A common state that a host's stack cannot reach (no deadline, no
 * offline queue) is not faked: the summary lists it as not applicable, with why. A deadline of the
 * host's own (15 minutes) passes on Playwright's clock, installed for those cases only.
 *
 * Budget: 5 minutes on a 2-core machine, two cases at a time (about 40 s to pack, install and
 * build, then 2 to 4 s a case); its 228 cases took 506 s (the 184 before the AG-UI host, 467 s)
 * with the machine's load average at 8 to 12. A run past twice the budget says so, and still
 * passes: a busy machine slows every case, and a case that hangs fails on its own 30 s timeout.
 *
 * After the matrix, cases run broken on purpose: Submit's text emptied (the defect of a card with
 * no dictionary), a word no phone can fit, and the "more below" shade taken off a card that
 * scrolls; each must fail on its own check. The shades are checked as the page has them, since
 * screenshots turn animations (and so the scroll-driven shades) off.
 *
 * `-- --approve` writes the baselines that are missing or differ. `SURFACES_ONLY=<text>` runs the
 * cases whose name holds the text. `SURFACES_BREAK=label` (Submit's text emptied) or
 * `SURFACES_BREAK=overflow` (a string no phone can fit) or `SURFACES_BREAK=shade` show the checks
 * failing.
 * `SURFACES_DEV_REUSE=1` keeps the installed app in the temp folder between runs and only builds
 * its pages again (while host pages are edited; the kit is then not packed again).
 * `SURFACES_TIMING=1` adds each case's phases in ms: load, drive, then axe, names, overflow and
 * screenshot.
 * The Control UI plugin's cases need the real OpenClaw Control UI: they run with these checks in
 * `npm run test:control-ui` (baselines in test/surfaces/baselines/control-ui).
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { dirname, join, relative, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { Browser, BrowserContext } from "playwright-core";
import { serveStatic } from "../test/consumer/static-server";
import { launchChromium } from "../test/support/chromium";
import { buildSurfacesApp, packKit } from "../test/surfaces/app-build";
import {
  COMMON_STATES,
  type Drive,
  type Gateway,
  HOSTS,
  type Host,
  questions,
  type State,
} from "../test/surfaces/cases";
import {
  compareWithBaseline,
  expectEveryControlNamed,
  expectNoAxeViolations,
  expectNoHorizontalOverflow,
  expectTrueScrollShades,
} from "../test/surfaces/checks";
import { runMain } from "./run-main";

const ROOT = resolve(import.meta.dirname, "..");
const BASELINES = join(ROOT, "test", "surfaces", "baselines");
const BUDGET_MS = 5 * 60_000;
/**
 * Past this the run says so, and passes: its time follows the machine's load (772 s once, with
 * other lanes beside it at a load average near 10), and a case that hangs fails on its own timeout.
 */
const SLOW_MS = 2 * BUDGET_MS;
const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];
const LOCALES = ["en", "ar"] as const;
/** Pages at once: the machine's two cores, one for Chromium and one for the run. */
const PARALLEL = 2;
const CASE_TIMEOUT_MS = 30_000;

type Case = {
  host: Host;
  state: State;
  width: (typeof WIDTHS)[number];
  locale: (typeof LOCALES)[number];
  name: string;
};

type Testing = typeof import("../src/testing/index");
type GatewayEntry = typeof import("../src/gateway/entry");

/** The packed kit's own mock gateway and back-end client, from the app's node_modules. */
async function kitInNode(app: string): Promise<{ testing: Testing; gateway: GatewayEntry }> {
  const dist = join(app, "node_modules", "ask-user-kit", "dist");
  const testing = (await import(pathToFileURL(join(dist, "testing.js")).href)) as Testing;
  const gateway = (await import(pathToFileURL(join(dist, "gateway.js")).href)) as GatewayEntry;
  return { testing, gateway };
}

const TOKEN = "surfaces-token-0123456789abcdef";

async function startGateway(kit: { testing: Testing; gateway: GatewayEntry }): Promise<Gateway> {
  const mock = await kit.testing.createMockGateway({ port: 0, host: "127.0.0.1", token: TOKEN });
  const sets = {
    one: [questions.deploy],
    three: [questions.deploy, questions.checks, questions.notify],
  };
  let closed = false;
  let asyncAsked = 0;
  const gateway: Gateway = {
    url: mock.url,
    token: TOKEN,
    ask: async (kind, timeoutMs = 15 * 60_000) =>
      (await mock.requestQuestion({ questions: sets[kind], sessionKey: "main", timeoutMs })).id,
    askAsync: async () => {
      asyncAsked += 1;
      const runId = `run_surfaces_async_${asyncAsked}`;
      mock.postAssistantMessage({
        sessionKey: "main",
        runId,
        text: "I will go on with the schema meanwhile.",
        asyncDelivery: {
          itemId: `asyncq-surfaces-${asyncAsked}`,
          questions: [
            { title: "Which database should I use?", options: ["Postgres", "SQLite", "MySQL"] },
            { title: "Anything else I should know?" },
          ],
        },
      });
      mock.completeRun({ sessionKey: "main", runId });
    },
    holdingResolves: false,
    holdResolves: () => {
      gateway.holdingResolves = true;
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await mock.close();
    },
    resolveElsewhere: async (id) => {
      const client = kit.gateway.createBackendGatewayClient({
        url: mock.url,
        token: TOKEN,
        socketFactory: kit.gateway.createWsSocketFactory(),
      });
      await new Promise<void>((done, fail) => {
        const check = () => {
          const state = client.getState();
          if (state.status === "connected") done();
          else if (state.status === "failed") fail(new Error(`back end: ${state.failure.kind}`));
        };
        client.subscribe(check);
        client.connect();
        check();
      });
      try {
        await kit.gateway
          .createQuestionApi(client)
          .resolve(id, { answers: { deploy_target: ["Production"] } }, { resolvedBy: "cli" });
      } finally {
        client.close();
      }
    },
  };
  return gateway;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function runCase(
  item: Case,
  browser: Browser,
  url: string,
  kit: { testing: Testing; gateway: GatewayEntry },
  options: { approve: boolean; broken: string | null; diffs: string },
): Promise<string> {
  const t0 = Date.now();
  const gateway = item.host.gateway ? await startGateway(kit) : null;
  const context: BrowserContext = await browser.newContext({
    viewport: { width: item.width.width, height: item.width.height },
    deviceScaleFactor: 1,
    reducedMotion: "reduce",
    colorScheme: "light",
    locale: item.locale === "ar" ? "ar" : "en-US",
    timezoneId: "UTC",
  });
  try {
    const page = await context.newPage();
    // A deadline of the host's own (15 minutes) passes on Playwright's clock, moved on by the drive.
    if (item.state.fakeClock) await page.clock.install();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    // A URL step's Open opens the server's page in a tab of its own; not this run's to load. (A
    // tab the drive opens itself, a second tab on the thread, stays.)
    page.on("popup", (opened) => void opened.close());
    if (gateway !== null) {
      // The page's socket passes through the run, which can hold the answer on its way: a mock
      // gateway resolves at once, and the dock is "sending" only until then.
      await page.routeWebSocket(gateway.url, (socket) => {
        const server = socket.connectToServer();
        socket.onMessage((message) => {
          if (gateway.holdingResolves && String(message).includes('"question.resolve"')) return;
          server.send(message);
        });
      });
    }
    if (gateway !== null)
      await page.addInitScript((surfaceGateway) => Object.assign(window, { surfaceGateway }), {
        url: gateway.url,
        token: gateway.token,
      });
    const query = new URLSearchParams({ host: item.host.name, locale: item.locale });
    if (options.broken !== null) query.set("break", options.broken);
    await page.goto(`${url}?${query}`);
    await page.locator("h1").waitFor({ timeout: CASE_TIMEOUT_MS });
    const drive: Drive = {
      page,
      gateway,
      surface: async (name) => {
        await page.waitForFunction(() => "surface" in window);
        await page.evaluate(async (control) => {
          const surface = (window as { surface?: Record<string, () => unknown> }).surface;
          const call = surface?.[control];
          if (call === undefined) throw new Error(`the host has no control "${control}"`);
          await call();
        }, name);
      },
    };
    const loaded = Date.now() - t0;
    const file = `${item.state.name}.${item.width.width}.${item.locale}`;
    try {
      await item.state.drive(drive);
    } catch (error) {
      const shot = join(options.diffs, item.host.name, `${file}.stuck.png`);
      mkdirSync(dirname(shot), { recursive: true });
      await page.screenshot({ path: shot });
      const message = error instanceof Error ? error.message : String(error);
      throw new Error(`${message.split("\n")[0]}\nthe page as it was: ${shot}`);
    }
    const driven = Date.now() - t0 - loaded;
    if (errors.length > 0) throw new Error(`page errors: ${errors.join("; ")}`);
    await page.evaluate(() => document.fonts.ready);
    const failures: string[] = [];
    const marks: string[] = [];
    let last = Date.now();
    const attempt = async (check: () => Promise<unknown>) => {
      marks.push(String(Date.now() - last));
      last = Date.now();
      try {
        await check();
      } catch (error) {
        failures.push(error instanceof Error ? error.message : String(error));
      }
    };
    await attempt(() => expectNoAxeViolations(page, item.name));
    await attempt(() => expectEveryControlNamed(page));
    await attempt(() => expectNoHorizontalOverflow(page));
    await attempt(() => expectTrueScrollShades(page));
    let note = "";
    await attempt(async () => {
      const shot = await page.screenshot({ animations: "disabled", caret: "hide" });
      const compared = compareWithBaseline(
        shot,
        join(BASELINES, item.host.name, `${file}.png`),
        join(options.diffs, item.host.name, file),
        options.approve,
      );
      note =
        compared.kind !== "same"
          ? `baseline ${compared.note}`
          : compared.note.startsWith("0 px")
            ? ""
            : compared.note;
    });
    marks.push(String(Date.now() - last));
    if (process.env.SURFACES_TIMING === "1")
      note += ` [load ${loaded} drive ${driven} checks ${marks.slice(1).join(" ")}]`;
    if (failures.length > 0) throw new Error(failures.join("\n"));
    return note;
  } finally {
    await context.close();
    await gateway?.close();
  }
}

/** Cases run broken on purpose after the matrix, each of which must fail on its own check. */
const PROOFS = [
  { name: "first-question 390px en", broken: "label", expect: "controls with no accessible name" },
  { name: "first-question 390px en", broken: "overflow", expect: "horizontal overflow" },
  { name: "step-of-three 390px en", broken: "shade", expect: "scroll shades" },
];

/** Runs the OpenClaw host's case `proof.name` broken; the failure's first line, or null if it passed. */
async function provenFailing(
  proof: (typeof PROOFS)[number],
  browser: Browser,
  url: string,
  kit: { testing: Testing; gateway: GatewayEntry },
  diffs: string,
): Promise<string | null> {
  const [host] = HOSTS;
  const state = host?.states.find((item) => proof.name.startsWith(item.name));
  const width = WIDTHS.find((item) => proof.name.includes(` ${item.width}px`));
  if (host === undefined || state === undefined || width === undefined)
    throw new Error(`no case "${proof.name}"`);
  const item: Case = { host, state, width, locale: "en", name: `${host.name} ${proof.name}` };
  try {
    await runCase(item, browser, url, kit, {
      approve: false,
      broken: proof.broken,
      diffs: join(diffs, `broken-${proof.broken}`),
    });
    return null;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const lines = message.split("\n");
    const at = lines.findIndex((line) => line.startsWith(proof.expect));
    if (at === -1) throw new Error(`broken ${proof.broken} failed otherwise:\n${message}`);
    return lines
      .slice(at, at + 2)
      .join(" ")
      .replace(/\s+/g, " ");
  }
}

/**
 * The common states each host's stack cannot reach, one line each, `host state: why`; throws for a
 * state a host neither runs nor explains (or both), so the matrix's gaps are always stated.
 */
function notApplicable(): string[] {
  const lines: string[] = [];
  for (const host of HOSTS) {
    const gaps = host.notApplicable ?? {};
    for (const name of COMMON_STATES) {
      const why = gaps[name];
      const runs = host.states.some((state) => state.name === name);
      if (runs === (why !== undefined))
        throw new Error(
          `${host.name} ${name}: ${runs ? "runs and is said not applicable" : "neither runs nor is said not applicable"}`,
        );
      if (why !== undefined) lines.push(`${host.name} ${name}: ${why}`);
    }
  }
  return lines;
}

async function main(): Promise<number> {
  const started = Date.now();
  const gaps = notApplicable();
  const approve = process.argv.includes("--approve");
  const broken = process.env.SURFACES_BREAK ?? null;
  if (broken !== null && !["label", "overflow"].includes(broken)) {
    console.error(`SURFACES_BREAK is "label" or "overflow", not "${broken}"`);
    return 2;
  }
  if (broken !== null && approve) {
    console.error("a deliberately broken run approves nothing");
    return 2;
  }
  const only = process.env.SURFACES_ONLY ?? "";
  const cases: Case[] = HOSTS.flatMap((host) =>
    host.states.flatMap((state) =>
      WIDTHS.flatMap((width) =>
        LOCALES.map((locale) => ({
          host,
          state,
          width,
          locale,
          name: `${host.name} ${state.name} ${width.width}px ${locale}`,
        })),
      ),
    ),
  ).filter((item) => item.name.includes(only));
  const states = HOSTS.reduce((sum, host) => sum + host.states.length, 0);
  console.log(
    `surface matrix: ${HOSTS.length} hosts, ${states} host states (${HOSTS.map((host) => `${host.name} ${host.states.length}`).join(", ")}) × ${WIDTHS.length} widths × ${LOCALES.length} locales = ${states * WIDTHS.length * LOCALES.length} cases; ${gaps.length} host states not applicable (listed at the end)${only === "" ? "" : `; running the ${cases.length} that match "${only}"`}${broken === null ? "" : `; broken on purpose: ${broken}`}`,
  );
  for (const host of HOSTS) console.log(`  ${host.name}: ${host.readme}`);
  const reuse = process.env.SURFACES_DEV_REUSE === "1";
  const scratch = reuse
    ? join(tmpdir(), "ask-user-kit-surfaces-dev")
    : mkdtempSync(join(tmpdir(), "ask-user-kit-surfaces-"));
  mkdirSync(scratch, { recursive: true });
  const diffs = join(tmpdir(), "ask-user-kit-surfaces-diffs");
  rmSync(diffs, { recursive: true, force: true });
  mkdirSync(diffs, { recursive: true });
  let browser: Browser | null = null;
  let server: Awaited<ReturnType<typeof serveStatic>> | null = null;
  let failed = 0;
  let proven = 0;
  try {
    const installed = reuse && existsSync(join(scratch, "app", "node_modules"));
    const tarball = installed ? "" : await packKit(ROOT, scratch);
    const app = await buildSurfacesApp(ROOT, tarball, scratch);
    console.log(`packed, installed and built in ${seconds(Date.now() - started)}`);
    const kit = await kitInNode(app);
    server = await serveStatic(join(app, "dist"));
    browser = await launchChromium();
    const queue = [...cases];
    const worker = async (running: Browser, url: string) => {
      for (let item = queue.shift(); item !== undefined; item = queue.shift()) {
        const caseStarted = Date.now();
        try {
          const note = await Promise.race([
            runCase(item, running, url, kit, { approve, broken, diffs }),
            new Promise<never>((_, reject) =>
              setTimeout(
                () => reject(new Error(`no result in ${seconds(CASE_TIMEOUT_MS)}`)),
                CASE_TIMEOUT_MS,
              ),
            ),
          ]);
          console.log(
            `  ok   ${item.name} (${seconds(Date.now() - caseStarted)})${note ? `: ${note}` : ""}`,
          );
        } catch (error) {
          failed += 1;
          const message = error instanceof Error ? error.message : String(error);
          console.log(
            `  FAIL ${item.name} (${seconds(Date.now() - caseStarted)})\n${message.replace(/^/gm, "       ")}`,
          );
        }
      }
    };
    const running = browser;
    const url = server.url;
    await Promise.all(Array.from({ length: PARALLEL }, () => worker(running, url)));
    if (broken === null && !approve) {
      console.log("\nthe checks fail when broken on purpose:");
      for (const proof of PROOFS) {
        const caught = await provenFailing(proof, running, url, kit, diffs);
        if (caught === null) failed += 1;
        else proven += 1;
        console.log(
          caught === null
            ? `  FAIL ${proof.name} with SURFACES_BREAK=${proof.broken} passed`
            : `  ok   ${proof.name} with SURFACES_BREAK=${proof.broken} fails: ${caught}`,
        );
      }
    }
  } finally {
    await browser?.close();
    await server?.close();
    if (!reuse) rmSync(scratch, { recursive: true, force: true });
  }
  console.log(`\nnot applicable, and why (${gaps.length}):`);
  for (const line of gaps) console.log(`  ${line}`);
  const elapsed = Date.now() - started;
  console.log(
    `\n${cases.length + proven - failed} passed, ${failed} failed of ${cases.length} cases${proven > 0 ? ` and ${PROOFS.length} broken on purpose` : ""} in ${seconds(elapsed)} (budget ${seconds(BUDGET_MS)}; diffs in ${relative(ROOT, diffs).startsWith("..") ? diffs : relative(ROOT, diffs)})`,
  );
  if (elapsed > SLOW_MS) {
    const load = loadavg()[0] ?? 0;
    console.log(
      `the run took ${seconds(elapsed)}, past twice its budget, with the load average at ${load.toFixed(1)} (reported, not failed)`,
    );
  }
  return failed === 0 ? 0 : 1;
}

runMain(main);
