// A rig for trusted notification clicks in headless Chromium on Linux.
//
// What it starts, and the facts behind each choice:
// - A private session bus (`dbus-daemon --session --fork`), its socket in the rig's temp folder:
//   Chromium on Linux, headless too, shows notifications through the freedesktop
//   `org.freedesktop.Notifications` service on the session bus, and only a bus of our own lets a
//   test own that name without touching a desktop.
// - notification-service.py on that bus (Debian's python3-dbus and python3-gi, so
//   /usr/bin/python3, not whatever python3 comes first on PATH): it records every Notify and, on
//   the test's word, emits ActionInvoked / NotificationReplied / NotificationClosed. Those signals
//   are what make Chromium fire a trusted `notificationclick`; CDP has no command for it. It is up
//   before Chromium starts, since Chromium reads the service's capabilities when it starts.
//   After a click or a reply it also closes the notification (reason 2), as GNOME and KDE do.
//   It reports a Notify to the rig only after its reply (the id) is sent: reported first, a test
//   could replace or close the notification before Chromium knew its id, and Chromium then sent
//   replaces_id 0 (a second notification) or CloseNotification(0) (the old one left open).
// - Chromium started here, not by Playwright's launchPersistentContext, whose focus emulation
//   keeps every page "visible"; a test of "the page is hidden" needs the real state. For the same
//   reason connectOverCDP gets `noDefaults: true`: without it Playwright turns focus emulation on
//   for the attached pages too, and a page behind another tab stayed "visible". A profile on disk
//   (a temp folder) because an off-the-record context drops notification clicks.
//   `--remote-debugging-port=0`, then the `DevTools listening on` line of stderr (or the
//   profile's DevToolsActivePort file) gives the endpoint.
// - Clicks go by label: Chromium numbers the action keys ("0", "1", ...) and renumbers them when a
//   tagged notification is replaced; a text action becomes key "inline-reply" when the service
//   advertises `inline-reply`, and the body click is key "default".
// - A page is hidden by opening a blank tab in front of it (a minimized window is not restored in
//   headless); a worker's `client.focus()` brings it back.
// - close() ends every process it started (and an exit or signal hook does, should a test skip
//   close()), then removes the temp folder. Chromium runs in a process group of its own so that
//   its helpers end with it.
// - startBus, startChromium (headless or not) and hidePageBehindTab are exported for
//   scripts/notify-banner.ts, which puts a desktop's own notification service (xfce4-notifyd) on
//   the bus and headed Chromium on an Xvfb display, to see and click the real banner.
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../../support/chromium";

const SERVICE_PATH = join(dirname(fileURLToPath(import.meta.url)), "notification-service.py");

export interface NotifyRigOptions {
  /** Advertise `inline-reply` (KDE's extension): a text action becomes an inline reply. Default true. */
  inlineReply?: boolean;
  /** A python with python3-dbus and python3-gi. Default /usr/bin/python3 (Debian's). */
  python?: string;
  /** Default CHROMIUM_PATH of test/support/chromium.ts. */
  chromiumPath?: string;
  /** More Chromium flags. */
  chromiumArgs?: readonly string[];
  /** For each step of the start. Default 10000 ms. */
  startTimeoutMs?: number;
  /** Gets the children's stderr lines (dbus service, Chromium), e.g. console.error, to debug. */
  log?: (line: string) => void;
}

export interface NotificationAction {
  key: string;
  label: string;
}

/** One Notify call that the service received. */
export interface NotifyCall {
  /** 1, 2, 3... in the order of the calls. */
  seq: number;
  /** The id the service returned (the same as replacesId when it replaced one). */
  id: number;
  appName: string;
  replacesId: number;
  appIcon: string;
  summary: string;
  body: string;
  actions: NotificationAction[];
  /** JSON of the hints; image data summarised as { width, height, bytes }. */
  hints: Record<string, unknown>;
  expireTimeout: number;
  /** Seconds since the epoch. */
  time: number;
}

/** A NotificationClosed the service emitted: by "user" (dismiss, click, reply) or "app" (CloseNotification). */
export interface NotificationClose {
  notification: number;
  reason: number;
  by: "user" | "app";
}

export interface ServiceState {
  /** The latest call of each id, with whether it is open. */
  notifications: (NotifyCall & { open: boolean; closedReason: number | null })[];
  calls: NotifyCall[];
  /** Ids that Chromium passed to CloseNotification. */
  closeCalls: number[];
}

export interface ActOptions {
  /** Close the notification afterwards (reason 2), as desktops do. Default true. */
  close?: boolean;
}

export interface NotifyRig {
  browser: Browser;
  /** Chromium's default context: the persistent temp profile. */
  context: BrowserContext;
  busAddress: string;
  capabilities: readonly string[];
  /** How long the start took, in ms, and each step of it. */
  startup: { totalMs: number; busMs: number; serviceMs: number; chromiumMs: number };
  grantNotifications(origin: string): Promise<void>;
  /** Every Notify call so far, oldest first. */
  notifications(): NotifyCall[];
  /** Every NotificationClosed the service emitted so far. */
  closes(): NotificationClose[];
  /** What crossed the bus and the control channel, one line each with the time since the start: for a failure's message. */
  timeline(): string;
  /** Whether the notification (an id or a call) is still shown. */
  isOpen(notification: NotifyCall | number): boolean;
  /** The first call, past or future, that matches. */
  waitForNotification(
    predicate: (call: NotifyCall) => boolean,
    timeoutMs?: number,
  ): Promise<NotifyCall>;
  /** Clicks the button with this label on the notification's latest version. */
  clickAction(notification: NotifyCall, label: string, options?: ActOptions): Promise<void>;
  /** Clicks the notification's body (action key "default"). */
  clickBody(notification: NotifyCall, options?: ActOptions): Promise<void>;
  /** Sends an inline reply (needs the inline-reply capability). */
  reply(notification: NotifyCall, text: string, options?: ActOptions): Promise<void>;
  /** Closes the notification as a user dismissing it (reason 2). */
  dismiss(notification: NotifyCall): Promise<void>;
  /** The service's own record. */
  serviceState(): Promise<ServiceState>;
  /** Opens a blank tab in front of the page and checks the page is hidden; returns that tab. */
  hidePage(page: Page, timeoutMs?: number): Promise<Page>;
  /** Ends Chromium, the service and the bus, and removes the temp folder. Safe to call twice. */
  close(): Promise<void>;
}

type ServiceMessage =
  | { event: "ready"; capabilities: string[] }
  | { event: "notify"; call: NotifyCall }
  | { event: "closed"; notification: number; reason: number; by: "user" | "app" }
  | { event: "close-call"; notification: number }
  | { id: number; ok: true; result: unknown }
  | { id: number | null; ok: false; error: string };

const DEFAULT_WAIT_MS = 5000;

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function tail(lines: string[]): string {
  return lines.length > 0 ? `\n  ${lines.slice(-15).join("\n  ")}` : " (no output)";
}

function keepLines(
  child: ChildProcess,
  stream: "stdout" | "stderr",
  into: string[],
  log?: (line: string) => void,
): void {
  const source = child[stream];
  if (!source) return;
  createInterface({ input: source }).on("line", (line) => {
    into.push(line);
    if (into.length > 200) into.shift();
    log?.(line);
  });
}

/** Fails with `what` when the child cannot be spawned or exits before `ready` settles. */
function exitBefore(child: ChildProcess, what: string, output: string[]): Promise<never> {
  return new Promise((_, reject) => {
    child.once("error", (error) => reject(new Error(`${what} did not start: ${error.message}`)));
    child.once("exit", (code, signal) =>
      reject(
        new Error(
          `${what} exited (${signal ?? `code ${code}`}) before it was ready:${tail(output)}`,
        ),
      ),
    );
  });
}

/** Polls `read` until `done` holds; fails with what it last read. */
export async function until<T>(
  what: string,
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs: number,
): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > end)
      throw new Error(`${what}: timed out after ${timeoutMs} ms; last ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
/** Whether the process runs; a zombie (ended, not yet reaped by its parent) counts as ended. */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    // "pid (comm) S ...": the state follows the last ")".
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
  } catch {
    return false;
  }
}

export function kill(pid: number | undefined, signal: NodeJS.Signals, group = false): void {
  if (pid === undefined) return;
  try {
    process.kill(group ? -pid : pid, signal);
  } catch {
    // already gone
  }
}

export async function waitForExit(pid: number | undefined, ms: number): Promise<boolean> {
  if (pid === undefined) return true;
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (!isAlive(pid)) return true;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return !isAlive(pid);
}

/**
 * Starts a private session bus, its socket in `root`. It forks into a session of its own, so the
 * services it activates share its process group: `kill(pid, signal, true)` ends them with it.
 * `env` is what it and the services it activates get (default this process's).
 */
export async function startBus(
  root: string,
  timeoutMs: number,
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ address: string; pid: number }> {
  const child = spawn(
    "dbus-daemon",
    [
      "--session",
      "--fork",
      "--print-address=1",
      "--print-pid=1",
      `--address=unix:path=${join(root, "bus")}`,
    ],
    { env, stdio: ["ignore", "pipe", "pipe"] },
  );
  const out: string[] = [];
  const err: string[] = [];
  keepLines(child, "stdout", out);
  keepLines(child, "stderr", err);
  const exited = new Promise<number | null>((resolve, reject) => {
    child.once("error", (error) =>
      reject(new Error(`dbus-daemon did not start (Debian package dbus-daemon): ${error.message}`)),
    );
    child.once("close", (code) => resolve(code));
  });
  const code = await withTimeout(exited, timeoutMs, "dbus-daemon --session --fork");
  const address = out[0]?.trim() ?? "";
  const pid = Number(out[1]?.trim());
  if (code !== 0 || !address.startsWith("unix:") || !Number.isInteger(pid)) {
    throw new Error(`dbus-daemon did not start (exit code ${code}):${tail([...out, ...err])}`);
  }
  return { address, pid };
}

export interface StartChromiumOptions {
  /** The profile folder: on disk, since an off-the-record context drops notification clicks. */
  profile: string;
  /** Chromium's environment: DBUS_SESSION_BUS_ADDRESS, and DISPLAY when headed. */
  env: NodeJS.ProcessEnv;
  /** Default true; false opens real windows on the env's DISPLAY. */
  headless?: boolean | undefined;
  /** Default CHROMIUM_PATH of test/support/chromium.ts. */
  chromiumPath?: string | undefined;
  /** More Chromium flags. */
  chromiumArgs?: readonly string[] | undefined;
  timeoutMs: number;
  /** Gets Chromium's stderr lines. */
  log?: ((line: string) => void) | undefined;
  /**
   * Gets the process as soon as it is spawned (a process group of its own), so that the caller
   * can end it, `kill(child.pid, "SIGKILL", true)`, whatever happens next.
   */
  onSpawn: (child: ChildProcess) => void;
}

/**
 * Starts Chromium on a profile folder with `--remote-debugging-port=0` and attaches with
 * connectOverCDP (`noDefaults`, so no focus emulation): its default context is that profile.
 */
export async function startChromium(
  options: StartChromiumOptions,
): Promise<{ browser: Browser; context: BrowserContext }> {
  const { profile, env } = options;
  const chromiumPath = options.chromiumPath ?? CHROMIUM_PATH;
  const chromiumProcess = spawn(
    chromiumPath,
    [
      ...CHROMIUM_ARGS,
      ...(options.headless === false ? [] : ["--headless"]),
      "--remote-debugging-port=0",
      `--user-data-dir=${profile}`,
      "--no-default-browser-check",
      "--password-store=basic",
      "--use-mock-keychain",
      ...(options.chromiumArgs ?? []),
      "about:blank",
    ],
    { env, stdio: ["ignore", "ignore", "pipe"], detached: true },
  );
  options.onSpawn(chromiumProcess);
  const chromiumErr: string[] = [];
  const endpoint = new Promise<string>((resolve) => {
    const timer = setInterval(() => {
      // Chromium writes "port\npath" to the profile once it listens.
      const file = join(profile, "DevToolsActivePort");
      if (!existsSync(file)) return;
      const [port, path] = readFileSync(file, "utf8").split("\n");
      if (port && path) {
        clearInterval(timer);
        resolve(`ws://127.0.0.1:${port}${path}`);
      }
    }, 50);
    chromiumProcess.once("exit", () => clearInterval(timer));
    createInterface({ input: chromiumProcess.stderr! }).on("line", (line) => {
      chromiumErr.push(line);
      if (chromiumErr.length > 200) chromiumErr.shift();
      options.log?.(line);
      const match = /DevTools listening on (ws:\/\/\S+)/.exec(line);
      if (match?.[1]) {
        clearInterval(timer);
        resolve(match[1]);
      }
    });
  });
  const wsEndpoint = await withTimeout(
    Promise.race([
      endpoint,
      exitBefore(chromiumProcess, `Chromium (${chromiumPath})`, chromiumErr),
    ]),
    options.timeoutMs,
    `Chromium (${chromiumPath}) DevTools endpoint`,
  );
  const browser = await chromium
    .connectOverCDP(wsEndpoint, { timeout: options.timeoutMs, noDefaults: true })
    .catch((error: Error) => {
      throw new Error(`could not attach to Chromium at ${wsEndpoint}: ${error.message}`);
    });
  const context = browser.contexts()[0];
  if (!context) throw new Error("Chromium has no default context after connectOverCDP");
  return { browser, context };
}

/** Opens a blank tab in front of the page and checks the page is hidden; returns that tab. */
export async function hidePageBehindTab(
  context: BrowserContext,
  page: Page,
  timeoutMs = DEFAULT_WAIT_MS,
): Promise<Page> {
  const front = await context.newPage();
  await front.bringToFront();
  const end = Date.now() + timeoutMs;
  while ((await page.evaluate(() => document.visibilityState)) !== "hidden") {
    if (Date.now() > end) {
      await front.close().catch(() => {});
      throw new Error(`hidePage: ${page.url()} is still visible after ${timeoutMs} ms`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return front;
}

export async function startNotifyRig(options: NotifyRigOptions = {}): Promise<NotifyRig> {
  const started = Date.now();
  const stepMs = options.startTimeoutMs ?? 10_000;
  const inlineReply = options.inlineReply ?? true;
  const root = mkdtempSync(join(tmpdir(), "notify-rig-"));
  const profile = join(root, "profile");

  let busPid: number | undefined;
  let service: ChildProcess | undefined;
  let browserProcess: ChildProcess | undefined;
  let browser: Browser | undefined;
  let closed = false;

  const killAllNow = (): void => {
    kill(browserProcess?.pid, "SIGKILL", true);
    kill(service?.pid, "SIGKILL");
    kill(busPid, "SIGKILL");
    rmSync(root, { recursive: true, force: true });
  };
  const onExit = (): void => {
    if (!closed) killAllNow();
  };
  // Chromium runs in a process group of its own (to end its helpers with it), so an interrupt of
  // the test does not reach it: end everything, then let the signal do what it would have done.
  const onSignal = (signal: NodeJS.Signals): void => {
    onExit();
    unhook();
    process.kill(process.pid, signal);
  };
  const unhook = (): void => {
    process.off("exit", onExit);
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
  };
  process.on("exit", onExit);
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);

  const close = async (): Promise<void> => {
    if (closed) return;
    closed = true;
    unhook();
    // The profile is thrown away, so nothing is lost by not letting Chromium shut down itself.
    if (browser)
      await withTimeout(browser.close(), 2000, "disconnect from Chromium").catch(() => {});
    kill(browserProcess?.pid, "SIGKILL", true);
    service?.stdin?.end();
    kill(busPid, "SIGTERM");
    const ended = await Promise.all([
      waitForExit(browserProcess?.pid, 2000),
      waitForExit(service?.pid, 1000),
      waitForExit(busPid, 1000),
    ]);
    if (!ended[1]) kill(service?.pid, "SIGKILL");
    if (!ended[2]) kill(busPid, "SIGKILL");
    rmSync(root, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
  };

  try {
    // 1. The bus.
    const bus = await startBus(root, stepMs);
    busPid = bus.pid;
    const busReady = Date.now();
    const env = { ...process.env, DBUS_SESSION_BUS_ADDRESS: bus.address };

    // 2. The notification service.
    const python = options.python ?? "/usr/bin/python3";
    const serviceProcess = spawn(
      python,
      [SERVICE_PATH, ...(inlineReply ? [] : ["--no-inline-reply"])],
      {
        env: { ...env, PYTHONUNBUFFERED: "1" },
        stdio: ["pipe", "pipe", "pipe"],
      },
    );
    service = serviceProcess;
    const serviceErr: string[] = [];
    keepLines(serviceProcess, "stderr", serviceErr, options.log);
    const calls: NotifyCall[] = [];
    const timeline: string[] = [];
    const note = (line: string): void => {
      timeline.push(`${((Date.now() - started) / 1000).toFixed(3)} s  ${line}`);
    };
    const closes: NotificationClose[] = [];
    const openIds = new Set<number>();
    const pending = new Map<
      number,
      { resolve: (value: unknown) => void; reject: (error: Error) => void }
    >();
    const callWaiters = new Set<() => void>();
    let nextRequest = 1;
    let serviceExit: string | undefined;
    let markReady: (capabilities: string[]) => void = () => {};
    const ready = new Promise<string[]>((resolve) => {
      markReady = resolve;
    });
    createInterface({ input: serviceProcess.stdout! }).on("line", (line) => {
      let message: ServiceMessage;
      try {
        message = JSON.parse(line) as ServiceMessage;
      } catch {
        options.log?.(`notification service: ${line}`);
        return;
      }
      if ("event" in message) {
        if (message.event === "ready") markReady(message.capabilities);
        else if (message.event === "notify") {
          const call = message.call;
          note(`Notify #${call.id} (replaces ${call.replacesId}) "${call.summary}"`);
          calls.push(call);
          openIds.add(call.id);
          for (const wake of [...callWaiters]) wake();
        } else if (message.event === "close-call") {
          note(`CloseNotification(${message.notification})`);
        } else {
          note(`NotificationClosed(${message.notification}, ${message.reason}) by ${message.by}`);
          openIds.delete(message.notification);
          closes.push({
            notification: message.notification,
            reason: message.reason,
            by: message.by,
          });
        }
        return;
      }
      if (message.id === null) return;
      const waiter = pending.get(message.id);
      pending.delete(message.id);
      if (message.ok) waiter?.resolve(message.result);
      else waiter?.reject(new Error(`notification service: ${message.error}`));
    });
    serviceProcess.once("exit", (code, signal) => {
      serviceExit = `notification service exited (${signal ?? `code ${code}`}):${tail(serviceErr)}`;
      for (const waiter of pending.values()) waiter.reject(new Error(serviceExit));
      pending.clear();
    });
    const capabilities = await withTimeout(
      Promise.race([
        ready,
        exitBefore(serviceProcess, `notification service (${python} ${SERVICE_PATH})`, serviceErr),
      ]),
      stepMs,
      "notification service start",
    ).catch((error: Error) => {
      const missing = serviceErr.some((line) => /No module named '(dbus|gi)'/.test(line));
      throw new Error(
        missing
          ? `${error.message}\n  (${python} needs Debian's python3-dbus and python3-gi)`
          : error.message,
      );
    });
    const serviceReady = Date.now();

    const request = (message: Record<string, unknown>): Promise<unknown> => {
      if (serviceExit) return Promise.reject(new Error(serviceExit));
      const id = nextRequest++;
      if (message.cmd !== "list") note(`rig: ${JSON.stringify(message)}`);
      return withTimeout(
        new Promise((resolve, reject) => {
          pending.set(id, { resolve, reject });
          serviceProcess.stdin!.write(`${JSON.stringify({ ...message, id })}\n`);
        }),
        DEFAULT_WAIT_MS,
        `notification service ${String(message.cmd)}`,
      );
    };

    // 3. Chromium, on a temp profile, with the private bus.
    const { browser: connected, context } = await startChromium({
      profile,
      env,
      chromiumPath: options.chromiumPath,
      chromiumArgs: options.chromiumArgs,
      timeoutMs: stepMs,
      log: options.log,
      onSpawn: (child) => {
        browserProcess = child;
      },
    });
    browser = connected;
    const chromiumReady = Date.now();

    const latest = (id: number): NotifyCall => {
      const call = calls.findLast((candidate) => candidate.id === id);
      if (!call) throw new Error(`no notification ${id} was recorded`);
      return call;
    };
    const describe = (call: NotifyCall): string =>
      `#${call.id} "${call.summary}" [${call.actions.map((a) => `${a.key}=${a.label}`).join(", ")}]`;
    const act = async (
      message: Record<string, unknown>,
      actOptions?: ActOptions,
    ): Promise<void> => {
      await request({ ...message, close: actOptions?.close ?? true });
    };

    const rig: NotifyRig = {
      browser: connected,
      context,
      busAddress: bus.address,
      capabilities,
      startup: {
        totalMs: chromiumReady - started,
        busMs: busReady - started,
        serviceMs: serviceReady - busReady,
        chromiumMs: chromiumReady - serviceReady,
      },
      grantNotifications: (origin) => context.grantPermissions(["notifications"], { origin }),
      notifications: () => [...calls],
      closes: () => [...closes],
      timeline: () => timeline.join("\n"),
      isOpen: (notification) =>
        openIds.has(typeof notification === "number" ? notification : notification.id),
      waitForNotification: (predicate, timeoutMs = DEFAULT_WAIT_MS) => {
        const found = calls.find(predicate);
        if (found) return Promise.resolve(found);
        let wake: () => void = () => {};
        const match = new Promise<NotifyCall>((resolve) => {
          wake = () => {
            const call = calls.find(predicate);
            if (call) resolve(call);
          };
          callWaiters.add(wake);
        });
        return withTimeout(match, timeoutMs, "waitForNotification")
          .catch((error: Error) => {
            const seen = calls.map(describe).join("; ") || "none";
            throw new Error(`${error.message}; Notify calls so far: ${seen}`);
          })
          .finally(() => callWaiters.delete(wake));
      },
      clickAction: async (notification, label, actOptions) => {
        const call = latest(notification.id);
        const action = call.actions.find((candidate) => candidate.label === label);
        if (!action) throw new Error(`no action labelled "${label}" on ${describe(call)}`);
        await act({ cmd: "action", notification: call.id, key: action.key }, actOptions);
      },
      clickBody: async (notification, actOptions) => {
        await act({ cmd: "action", notification: notification.id, key: "default" }, actOptions);
      },
      reply: async (notification, text, actOptions) => {
        await act({ cmd: "reply", notification: notification.id, text }, actOptions);
      },
      dismiss: async (notification) => {
        await request({ cmd: "close", notification: notification.id });
      },
      serviceState: async () => (await request({ cmd: "list" })) as ServiceState,
      hidePage: (page, timeoutMs) => hidePageBehindTab(context, page, timeoutMs),
      close,
    };
    return rig;
  } catch (error) {
    await close().catch(() => killAllNow());
    throw error;
  }
}
