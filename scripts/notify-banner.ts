/**
 * `npx tsx scripts/notify-banner.ts`: a real desktop notification of the kit, drawn by a real
 * notification service, and answered with a real click on its button.
 *
 * It starts, each its own and ended at the end whatever happens: Xvfb on a free display
 * (1280x800), a private session bus (the rig's startBus), xfce4-notifyd on that bus and display
 * (it draws actions as buttons; dunst draws none), the demo's production build with its mock
 * gateway (startDemo), and headed Chromium on that display on a temp profile (the rig's
 * startChromium). Then, as in `npm run test:notify`: notifications granted, the page's switch
 * turned on with a click, the page hidden behind another tab, one question asked through the mock
 * gateway. Once the banner is drawn (the same pixels in two captures in a row), the banner and a
 * margin are cut from a capture of the screen (GDK through Debian's python3-gi; ImageMagick is
 * avoided because it installs fonts that change the browser's default ones) into
 * test/e2e/screenshots/notify-banner.png. xfce4-notifyd draws every action Chromium sends as a
 * button: the page's two (the recommended option, "Other…"), then Chromium's own "Activate" (the
 * body click) and "Settings". Then `xdotool` clicks the first button, the recommended option, with
 * real X input, and the mock gateway's record must hold that answer byte for byte. Exits 1 on any
 * failure, or when a program is missing (printing the apt-get line that installs it).
 */
import { type ChildProcess, execFile, execFileSync, spawn } from "node:child_process";
import {
  accessSync,
  appendFileSync,
  constants,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, dirname, join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import type { Browser } from "playwright-core";
import { PNG } from "pngjs";
import type { Question } from "../src/protocol/types";
import {
  hidePageBehindTab,
  kill,
  startBus,
  startChromium,
  until as untilWithin,
  waitForExit,
} from "../test/notify/support/notify-rig";
import { CHROMIUM_PATH } from "../test/support/chromium";
import { type RunningDemo, startDemo } from "./demo/start-demo";
import { runMain } from "./run-main";

const OUT = join(
  dirname(fileURLToPath(import.meta.url)),
  "..",
  "test",
  "e2e",
  "screenshots",
  "notify-banner.png",
);
const SCREEN = { width: 1280, height: 800 };
/** Around the banner in the PNG, where the screen has room. */
const MARGIN = 16;
/** The desktop behind the banner (the root window), instead of X's black. */
const DESKTOP = "#4c566a";
const SWITCH_NAME = "Notify me when the agent asks";
const STEP_MS = 20_000;
const until = <T>(
  what: string,
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = STEP_MS,
): Promise<T> => untilWithin(what, read, done, timeoutMs);

const QUESTION: Question = {
  questionId: "deploy_target",
  header: "Deploy",
  question: "Where should I deploy?",
  options: [
    { label: "Staging (Recommended)", description: "Mirrors production" },
    { label: "Production", description: "Live traffic" },
  ],
  isOther: true,
};
const CLICKED = "Staging (Recommended)";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

// ---- programs ----

/** The command's path: `name` itself when it is a path, else where PATH finds it. */
function onPath(name: string): string | null {
  const folders = name.includes("/") ? [""] : (process.env.PATH ?? "").split(delimiter);
  for (const folder of folders) {
    const candidate = folder === "" ? name : join(folder, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return null;
}

/** xfce4-notifyd is no command: it lives in /usr/lib/<multiarch>/xfce4/notifyd/. */
function notifydPath(): string | null {
  const folders = ["/usr/lib", ...readdirSync("/usr/lib").map((entry) => join("/usr/lib", entry))];
  for (const folder of folders) {
    const candidate = join(folder, "xfce4", "notifyd", "xfce4-notifyd");
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return null;
}

type Programs = { notifyd: string };

/** The programs, or null after printing the apt-get line for the missing ones. */
function programs(): Programs | null {
  const notifyd = notifydPath();
  const needs: [found: string | null, what: string, debianPackage: string][] = [
    [onPath("Xvfb"), "Xvfb", "xvfb"],
    [notifyd, "xfce4-notifyd", "xfce4-notifyd"],
    [gdkCapture(), "GDK for python3 (screen capture)", "python3-gi gir1.2-gtk-3.0"],
    [onPath("xdotool"), "xdotool", "xdotool"],
    [onPath("xsetroot"), "xsetroot", "x11-xserver-utils"],
    [onPath("dbus-daemon"), "dbus-daemon", "dbus-daemon"],
    [onPath("dbus-send"), "dbus-send", "dbus-bin"],
    [onPath(CHROMIUM_PATH), CHROMIUM_PATH, "chromium"],
  ];
  const missing = needs.filter(([found]) => found === null);
  if (missing.length > 0 || notifyd === null) {
    const sudo = process.getuid?.() === 0 ? "" : "sudo ";
    console.error(`Missing: ${missing.map(([, what]) => what).join(", ")}. Install with:`);
    console.error(`  ${sudo}apt-get install -y ${missing.map(([, , pkg]) => pkg).join(" ")}`);
    return null;
  }
  return { notifyd };
}

function run(command: string, args: readonly string[], env?: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      command,
      args,
      { env: env ?? process.env, timeout: 10_000 },
      (error, stdout, stderr) => {
        if (error)
          reject(new Error(`${command} ${args.join(" ")}: ${error.message} ${stderr}`.trim()));
        else resolve(stdout);
      },
    );
  });
}

function runForBuffer(
  command: string,
  args: readonly string[],
  env: NodeJS.ProcessEnv,
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    execFile(
      command,
      args,
      { env, encoding: "buffer", maxBuffer: 64 * 1024 * 1024, timeout: 10_000 },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`${command} ${args.join(" ")}: ${error.message} ${stderr}`));
        else resolve(stdout);
      },
    );
  });
}

/** Keeps the last lines a child printed, for an error's message. */
function lines(child: ChildProcess): string[] {
  const kept: string[] = [];
  for (const stream of [child.stdout, child.stderr]) {
    if (stream)
      createInterface({ input: stream }).on("line", (line) => {
        kept.push(line);
        if (kept.length > 30) kept.shift();
      });
  }
  return kept;
}

// ---- cleanup ----

/**
 * Ends what the run started should this process die without its own cleanup: a SIGKILL, which
 * tsx sends a child that does not answer a relayed Ctrl-C within 60 ms (the demo's build keeps
 * it busy that long). A shell in a session of its own waits for this process to go, then kills
 * each pid listed in the folder's `pids` (a negative one: its process group) and removes the
 * folder. After a normal end the folder is gone and the shell ended.
 */
function startWatchdog(root: string): ChildProcess {
  const script = [
    `while kill -0 ${process.pid} 2>/dev/null; do sleep 0.5; done`,
    'if [ -f "$0/pids" ]; then for pid in $(cat "$0/pids"); do kill -KILL "$pid" 2>/dev/null; done; fi',
    'sleep 1; rm -rf -- "$0"',
  ].join("\n");
  const child = spawn("sh", ["-c", script, root], { detached: true, stdio: "ignore" });
  child.unref();
  return child;
}

// ---- the X server ----

/** Starts Xvfb on the first free display it finds itself (`-displayfd`). */
async function startXvfb(onSpawn: (child: ChildProcess) => void): Promise<string> {
  const child = spawn(
    "Xvfb",
    ["-displayfd", "3", "-screen", "0", `${SCREEN.width}x${SCREEN.height}x24`, "-nolisten", "tcp"],
    { stdio: ["ignore", "ignore", "pipe", "pipe"] },
  );
  onSpawn(child);
  const output = lines(child);
  const fd = child.stdio[3];
  if (!fd || !("on" in fd)) throw new Error("Xvfb: no pipe for -displayfd");
  return new Promise((resolve, reject) => {
    let text = "";
    const timer = setTimeout(() => reject(new Error("Xvfb: no display after 10 s")), 10_000);
    fd.on("data", (chunk: Buffer) => {
      text += chunk.toString();
      const match = /^(\d+)\n/.exec(text);
      if (match) {
        clearTimeout(timer);
        resolve(`:${match[1]}`);
      }
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`Xvfb exited (code ${code}):\n  ${output.join("\n  ")}`));
    });
  });
}

// ---- the banner ----

type Box = { x: number; y: number; width: number; height: number };

async function bannerWindows(env: NodeJS.ProcessEnv): Promise<string[]> {
  const out = await run(
    "xdotool",
    ["search", "--onlyvisible", "--class", "^xfce4-notifyd$"],
    env,
  ).catch(() => "");
  return out.split("\n").filter((line) => /^\d+$/.test(line));
}

async function geometry(window: string, env: NodeJS.ProcessEnv): Promise<Box> {
  const out = await run("xdotool", ["getwindowgeometry", "--shell", window], env);
  const value = (key: string) => Number(new RegExp(`^${key}=(\\d+)$`, "m").exec(out)?.[1]);
  const box = { x: value("X"), y: value("Y"), width: value("WIDTH"), height: value("HEIGHT") };
  if (!Object.values(box).every(Number.isFinite)) throw new Error(`xdotool geometry: ${out}`);
  return box;
}

/** Writes the X screen as PNG to stdout. */
const CAPTURE_SCRIPT = `
import sys, gi
gi.require_version("Gdk", "3.0")
from gi.repository import Gdk
root = Gdk.get_default_root_window()
shot = Gdk.pixbuf_get_from_window(root, 0, 0, root.get_width(), root.get_height())
sys.stdout.buffer.write(shot.save_to_bufferv("png", [], [])[1])
`;

/** "found" when python3 can load GDK, else null. */
function gdkCapture(): string | null {
  try {
    execFileSync("/usr/bin/python3", ["-c", 'import gi; gi.require_version("Gdk", "3.0")'], {
      stdio: "ignore",
    });
    return "found";
  } catch {
    return null;
  }
}

async function captureScreen(env: NodeJS.ProcessEnv): Promise<PNG> {
  return PNG.sync.read(await runForBuffer("/usr/bin/python3", ["-c", CAPTURE_SCRIPT], env));
}

function crop(source: PNG, box: Box): PNG {
  const out = new PNG({ width: box.width, height: box.height });
  PNG.bitblt(source, out, box.x, box.y, box.width, box.height, 0, 0);
  return out;
}

function samePixels(a: PNG, b: PNG): boolean {
  return a.width === b.width && a.height === b.height && a.data.equals(b.data);
}

/**
 * The banner's buttons, left to right, read off the capture: a button's top edge is a row of
 * 40 or more pixels of its border's grey, which text, icon and link never make; the first such
 * row inside the banner holds every button's top edge, and each button's bottom is the next such
 * row under it.
 */
function findButtons(screen: PNG, banner: Box): Box[] {
  // A button's border is a light grey (Adwaita's #cdc7c2 over #bfb8b1): darker than the banner's
  // white and its own 1 px border, lighter than text, and grey, unlike the icon or a link.
  const dark = (x: number, y: number): boolean => {
    const i = (y * screen.width + x) * 4;
    const channels = [screen.data[i]!, screen.data[i + 1]!, screen.data[i + 2]!];
    const max = Math.max(...channels);
    const min = Math.min(...channels);
    return max < 0xd8 && min > 0x90 && max - min <= 0x20;
  };
  const runs = (y: number, from: number, to: number): [number, number][] => {
    const found: [number, number][] = [];
    let start = -1;
    for (let x = from; x <= to; x++) {
      const inRun = x < to && dark(x, y);
      if (inRun && start < 0) start = x;
      if (!inRun && start >= 0) {
        if (x - start >= 40) found.push([start, x - 1]);
        start = -1;
      }
    }
    return found;
  };
  // Inside the banner's own 1 px border.
  const left = banner.x + 2;
  const right = banner.x + banner.width - 2;
  for (let y = banner.y + 2; y < banner.y + banner.height - 2; y++) {
    const tops = runs(y, left, right);
    if (tops.length === 0) continue;
    return tops.map(([x1, x2]) => {
      let bottom = y + 2;
      while (bottom < banner.y + banner.height - 2 && runs(bottom, x1, x2 + 1).length === 0)
        bottom += 1;
      return { x: x1, y, width: x2 - x1 + 1, height: bottom - y + 1 };
    });
  }
  return [];
}

// ---- the run ----

async function main(): Promise<number> {
  const started = Date.now();
  const found = programs();
  if (!found) return 1;

  const root = mkdtempSync(join(tmpdir(), "notify-banner-"));
  const home = join(root, "home");
  mkdirSync(join(root, "runtime"), { mode: 0o700 });
  let xvfb: ChildProcess | undefined;
  let busPid: number | undefined;
  let notifyd: ChildProcess | undefined;
  let chromiumProcess: ChildProcess | undefined;
  let browser: Browser | undefined;
  let demo: RunningDemo | undefined;
  let demoStart: Promise<RunningDemo> | undefined;

  const watchdog = startWatchdog(root);
  /** Lists a pid (a group: its leader's pid, negated) for the watchdog. */
  const track = (pid: number | undefined, group = false): void => {
    if (pid !== undefined) appendFileSync(join(root, "pids"), `${group ? -pid : pid}\n`);
  };
  // An exit or a signal before the end: SIGKILL to all at once (no waiting: the watchdog removes
  // the folder once this process is gone).
  const killAllNow = (): void => {
    kill(chromiumProcess?.pid, "SIGKILL", true);
    kill(notifyd?.pid, "SIGKILL");
    kill(busPid, "SIGKILL", true);
    kill(xvfb?.pid, "SIGKILL");
  };
  const onSignal = (signal: NodeJS.Signals): void => {
    killAllNow();
    process.kill(process.pid, signal);
  };
  process.on("exit", killAllNow);
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);

  try {
    demoStart = startDemo({ production: true });
    demoStart.catch(() => {}); // awaited below; a failure before then must not go unhandled

    const display = await startXvfb((child) => {
      xvfb = child;
      track(child.pid);
    });
    // Everything in the temp folder: xfce4-notifyd's settings daemon (xfconfd, which the bus
    // starts on demand) writes under XDG_CONFIG_HOME. No accessibility bus (NO_AT_BRIDGE).
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DISPLAY: display,
      HOME: home,
      XDG_CONFIG_HOME: join(home, ".config"),
      XDG_CACHE_HOME: join(home, ".cache"),
      XDG_DATA_HOME: join(home, ".local", "share"),
      XDG_RUNTIME_DIR: join(root, "runtime"),
      NO_AT_BRIDGE: "1",
      GTK_A11Y: "none",
      GDK_BACKEND: "x11",
    };
    delete env.DBUS_SESSION_BUS_ADDRESS;
    delete env.WAYLAND_DISPLAY;
    await run("xsetroot", ["-solid", DESKTOP], env);

    const bus = await startBus(root, STEP_MS, env);
    busPid = bus.pid;
    track(busPid, true);
    env.DBUS_SESSION_BUS_ADDRESS = bus.address;

    const daemon = spawn(found.notifyd, [], { env, stdio: ["ignore", "pipe", "pipe"] });
    notifyd = daemon;
    track(daemon.pid);
    const daemonOutput = lines(daemon);
    const busCall = (args: string[]) =>
      run("dbus-send", ["--session", "--print-reply", ...args], env);
    // NameHasOwner, not a call to the service: a call would have the bus start one itself.
    await until(
      "xfce4-notifyd owning org.freedesktop.Notifications",
      async () => {
        if (daemon.exitCode !== null || daemon.signalCode !== null)
          throw new Error(`xfce4-notifyd exited:\n  ${daemonOutput.join("\n  ")}`);
        return busCall([
          "--dest=org.freedesktop.DBus",
          "/org/freedesktop/DBus",
          "org.freedesktop.DBus.NameHasOwner",
          "string:org.freedesktop.Notifications",
        ]);
      },
      (out) => out.includes("boolean true"),
      10_000,
    );
    const owner = await busCall([
      "--dest=org.freedesktop.DBus",
      "/org/freedesktop/DBus",
      "org.freedesktop.DBus.GetConnectionUnixProcessID",
      "string:org.freedesktop.Notifications",
    ]);
    if (!owner.includes(`uint32 ${daemon.pid}`))
      throw new Error(`org.freedesktop.Notifications is not xfce4-notifyd's: ${owner}`);
    const info = await busCall([
      "--dest=org.freedesktop.Notifications",
      "/org/freedesktop/Notifications",
      "org.freedesktop.Notifications.GetServerInformation",
    ]);
    const server = [...info.matchAll(/string "([^"]*)"/g)].map((match) => match[1]);
    console.log(`display ${display}, bus ${bus.address}`);
    console.log(`notification service: ${server[0]} ${server[2]} (pid ${daemon.pid})`);

    const chromiumStarted = Date.now();
    const launched = await startChromium({
      profile: join(root, "profile"),
      env,
      headless: false,
      // Left of the banners (top right), so the banner's margin shows the desktop.
      chromiumArgs: ["--window-position=0,0", "--window-size=760,780"],
      timeoutMs: STEP_MS,
      onSpawn: (child) => {
        chromiumProcess = child;
        track(child.pid, true);
      },
    });
    browser = launched.browser;
    const { context } = launched;
    console.log(`Chromium (headed) in ${seconds(Date.now() - chromiumStarted)}`);

    demo = await demoStart;
    const origin = new URL(demo.pageUrl).origin;
    await context.grantPermissions(["notifications"], { origin });
    const page = context.pages()[0] ?? (await context.newPage());
    const sessionKey = `agent:main:notify-banner-${Date.now().toString(36)}`;
    await page.goto(`${origin}/?session=${encodeURIComponent(sessionKey)}`);
    await page.getByText("Connected", { exact: true }).waitFor({ timeout: 30_000 });
    const toggle = page.getByRole("switch", { name: SWITCH_NAME });
    if ((await toggle.getAttribute("aria-checked")) !== "false")
      throw new Error("the switch is not off on a new profile");
    await toggle.click();
    await until(
      "the switch on and the question worker controlling the page",
      async () => ({
        checked: await toggle.getAttribute("aria-checked"),
        ...(await page.evaluate(async () => ({
          worker: (await navigator.serviceWorker.getRegistration())?.active?.state ?? null,
          controlled: navigator.serviceWorker.controller !== null,
        }))),
      }),
      (state) => state.checked === "true" && state.worker === "activated" && state.controlled,
    );
    await hidePageBehindTab(context, page);
    console.log(`page ${page.url()}: switch on, hidden behind another tab`);

    const asked = Date.now();
    const { id } = await demo.api.request({ questions: [QUESTION], sessionKey });
    const windows = await until(
      "the banner's window",
      () => bannerWindows(env),
      (ids) => ids.length > 0,
    );
    if (windows.length !== 1) throw new Error(`${windows.length} banners are shown, not 1`);
    const window = windows[0]!;
    const banner = await geometry(window, env);
    // Drawn: the same pixels in two captures in a row, and its buttons there.
    let previous: PNG | undefined;
    const screen = await until(
      "the banner drawn",
      async () => {
        const shot = await captureScreen(env);
        const same =
          previous !== undefined && samePixels(crop(previous, banner), crop(shot, banner));
        previous = shot;
        return { shot, same, buttons: findButtons(shot, banner).length };
      },
      (state) => state.same && state.buttons > 0,
    ).then((state) => state.shot);
    console.log(
      `banner (window ${window}) at ${banner.x},${banner.y} ${banner.width}x${banner.height}, ` +
        `drawn ${seconds(Date.now() - asked)} after the question`,
    );

    const x = Math.max(0, banner.x - MARGIN);
    const y = Math.max(0, banner.y - MARGIN);
    const area = {
      x,
      y,
      width: Math.min(SCREEN.width, banner.x + banner.width + MARGIN) - x,
      height: Math.min(SCREEN.height, banner.y + banner.height + MARGIN) - y,
    };
    mkdirSync(dirname(OUT), { recursive: true });
    writeFileSync(OUT, PNG.sync.write(crop(screen, area), { colorType: 2 }));
    console.log(`saved ${OUT} (${area.width}x${area.height})`);

    // The click: real X pointer input into the daemon's window, on its first button.
    const buttons = findButtons(screen, banner);
    const first = buttons[0]!;
    const at = {
      x: Math.round(first.x + first.width / 2),
      y: Math.round(first.y + first.height / 2),
    };
    console.log(
      `${buttons.length} buttons; clicking the first (${first.width}x${first.height}) at ${at.x},${at.y}`,
    );
    await run(
      "xdotool",
      ["mousemove", String(at.x), String(at.y), "sleep", "0.3", "click", "1"],
      env,
    );
    const clicked = Date.now();
    const record = await until(
      `record ${id} leaving pending`,
      () => demo!.api.get(id),
      (value) => value.status !== "pending",
      10_000,
    );
    const got = JSON.stringify(record.answers ?? null);
    const wanted = JSON.stringify({ answers: { [QUESTION.questionId]: [CLICKED] } });
    const closedBanner = (await bannerWindows(env)).length === 0;
    console.log(
      `after the click: record ${record.status} with ${got} in ${Date.now() - clicked} ms; ` +
        `banner ${closedBanner ? "gone" : "still shown"}`,
    );
    if (record.status !== "answered" || got !== wanted) {
      console.log(`✗ wanted answered with ${wanted}`);
      return 1;
    }
    console.log(`✓ the click answered byte-exact (${seconds(Date.now() - started)} in all)`);
    return 0;
  } finally {
    // The hooks stay until the end: a signal during the cleanup still ends everything.
    if (browser) await Promise.race([browser.close().catch(() => {}), sleep(2000)]);
    kill(chromiumProcess?.pid, "SIGKILL", true);
    kill(notifyd?.pid, "SIGTERM");
    kill(busPid, "SIGTERM", true);
    kill(xvfb?.pid, "SIGTERM");
    const ended = await Promise.all(
      [notifyd?.pid, busPid, xvfb?.pid].map((pid) => waitForExit(pid, 2000)),
    );
    if (!ended.every(Boolean)) killAllNow();
    await (demo ?? (await demoStart?.catch(() => undefined)))?.close();
    await waitForExit(chromiumProcess?.pid, 2000);
    rmSync(root, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
    kill(watchdog.pid, "SIGTERM", true);
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
    process.off("exit", killAllNow);
  }
}

runMain(main);
