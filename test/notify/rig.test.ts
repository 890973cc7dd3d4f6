// Smoke test of the notification rig: a page and service worker of its own show notifications in
// headless Chromium, and the rig answers them from the "OS" side with trusted clicks.
// Run: npx tsx test/notify/rig.test.ts (exit code 0 when every check passes).
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Page } from "playwright-core";
import { type NotifyCall, type NotifyRig, startNotifyRig } from "./support/notify-rig";

const PAGE = `<!doctype html>
<meta charset="utf-8">
<title>notify rig</title>
<p>notify rig</p>
<script>
  window.messages = [];
  navigator.serviceWorker.addEventListener("message", (event) => window.messages.push(event.data));
  window.workerReady = navigator.serviceWorker.register("/sw.js")
    .then(() => navigator.serviceWorker.ready)
    .then(() => true);
  window.show = async (title, options) => {
    const registration = await navigator.serviceWorker.ready;
    registration.active.postMessage({ type: "show", title, options });
  };
  window.closeTagged = async (tag) => {
    const registration = await navigator.serviceWorker.ready;
    registration.active.postMessage({ type: "close", tag });
  };
</script>`;

const WORKER = `
self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

const report = async (message) => {
  await fetch("/events", { method: "POST", body: JSON.stringify(message) });
  const pages = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  for (const page of pages) page.postMessage(message);
  return pages;
};

self.addEventListener("message", (event) => {
  const { type, title, options, tag } = event.data;
  if (type === "show") event.waitUntil(self.registration.showNotification(title, options));
  if (type === "close") {
    event.waitUntil(self.registration.getNotifications({ tag }).then((list) => {
      for (const notification of list) notification.close();
      return report({ type: "closed-by-app", tag, count: list.length });
    }));
  }
});

self.addEventListener("notificationclick", (event) => {
  const message = {
    type: "click",
    action: event.action,
    reply: event.reply ?? null,
    isTrusted: event.isTrusted,
    tag: event.notification.tag,
  };
  // No event.notification.close() here: the desktop closes it after the click, and whether
  // Chromium then fires notificationclose depends on which close comes first.
  event.waitUntil((async () => {
    const pages = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
    if (message.reply === null && message.action === "") {
      if (pages.length > 0) {
        await pages[0].focus();
      } else {
        await self.clients.openWindow("/?opened-by=notification");
      }
    }
    await report(message);
  })());
});

self.addEventListener("notificationclose", (event) => {
  event.waitUntil(report({ type: "close", isTrusted: event.isTrusted, tag: event.notification.tag }));
});
`;

interface WorkerMessage {
  type: "click" | "close" | "closed-by-app";
  count?: number;
  action?: string;
  reply?: string | null;
  isTrusted: boolean;
  tag: string;
}

let passed = 0;
let failed = 0;
async function check(name: string, body: () => Promise<void>): Promise<void> {
  const started = Date.now();
  try {
    await body();
    passed += 1;
    console.log(`✓ ${name} (${Date.now() - started} ms)`);
  } catch (error) {
    failed += 1;
    console.log(`✗ ${name}\n    ${error instanceof Error ? error.message : String(error)}`);
  }
}

function expect(condition: boolean, message: string): void {
  if (!condition) throw new Error(message);
}

let rigTimeline = (): string => "";

function json(value: unknown): string {
  return JSON.stringify(value);
}

function startServer(workerEvents: WorkerMessage[]): Promise<Server> {
  const server = createServer((request, response) => {
    if (request.method === "POST" && request.url === "/events") {
      let body = "";
      request.on("data", (chunk: Buffer) => {
        body += chunk.toString("utf8");
      });
      request.on("end", () => {
        workerEvents.push(JSON.parse(body) as WorkerMessage);
        response.writeHead(204).end();
      });
      return;
    }
    const path = (request.url ?? "/").split("?")[0];
    if (path === "/sw.js") {
      response.writeHead(200, { "content-type": "text/javascript" }).end(WORKER);
    } else if (path === "/") {
      response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(PAGE);
    } else {
      response.writeHead(404).end();
    }
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

/** Waits for the page's next worker message of this type past the first `after` ones. */
async function nextMessage(
  page: Page,
  type: WorkerMessage["type"],
  after: number,
): Promise<WorkerMessage> {
  try {
    const handle = await page.waitForFunction(
      ({ type, after }) => {
        const list = (window as unknown as { messages: WorkerMessage[] }).messages.filter(
          (message) => message.type === type,
        );
        return list[after] ?? false;
      },
      { type, after },
      { polling: 100, timeout: 5000 },
    );
    return (await handle.jsonValue()) as WorkerMessage;
  } catch (error) {
    const seen = await page
      .evaluate(() => (window as unknown as { messages: WorkerMessage[] }).messages)
      .catch(() => []);
    throw new Error(
      `no "${type}" message #${after + 1} on the page (${error instanceof Error ? error.message.split("\n")[0] : error}); the page got ${json(seen)}\n${rigTimeline()}`,
    );
  }
}

async function count(page: Page, type: WorkerMessage["type"]): Promise<number> {
  return page.evaluate(
    (type) =>
      (window as unknown as { messages: WorkerMessage[] }).messages.filter(
        (message) => message.type === type,
      ).length,
    type,
  );
}

const visibility = (page: Page): Promise<string> => page.evaluate(() => document.visibilityState);

async function show(page: Page, title: string, options: Record<string, unknown>): Promise<void> {
  await page.evaluate(
    ({ title, options }) =>
      (window as unknown as { show: (t: string, o: unknown) => Promise<void> }).show(
        title,
        options,
      ),
    {
      title,
      options,
    },
  );
}

/** Shows a notification from the worker and waits for its Notify call. */
async function showAndWait(
  rig: NotifyRig,
  page: Page,
  title: string,
  options: Record<string, unknown>,
): Promise<NotifyCall> {
  const since = rig.notifications().length;
  await show(page, title, options);
  return rig.waitForNotification((call) => call.seq > since);
}

const QUESTION = {
  body: "Where should I deploy?",
  tag: "prompt-1",
  requireInteraction: true,
  actions: [
    { action: "staging", title: "Staging (Recommended)" },
    { action: "other", title: "Other…", type: "text", placeholder: "Type your answer" },
  ],
};

async function main(): Promise<void> {
  const workerEvents: WorkerMessage[] = [];
  const server = await startServer(workerEvents);
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let rig: NotifyRig | undefined;
  try {
    const startedAt = Date.now();
    rig = await startNotifyRig();
    const startMs = Date.now() - startedAt;
    console.log(
      `rig started in ${startMs} ms (bus ${rig.startup.busMs} ms, service ${rig.startup.serviceMs} ms, Chromium ${rig.startup.chromiumMs} ms); capabilities: ${rig.capabilities.join(", ")}`,
    );
    const r = rig;
    rigTimeline = () => r.timeline();
    await check("the rig starts in under 10 s", async () => {
      expect(startMs < 10_000, `took ${startMs} ms`);
    });

    await r.grantNotifications(origin);
    const page = await r.context.newPage();
    await page.goto(`${origin}/`);
    await page.waitForFunction(
      () => (window as unknown as { workerReady: Promise<boolean> }).workerReady,
      null,
      {
        timeout: 5000,
      },
    );
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, {
      polling: 100,
      timeout: 5000,
    });
    let front: Page | undefined;

    await check("hidePage makes the page hidden", async () => {
      expect((await visibility(page)) === "visible", "the page was not visible at first");
      front = await r.hidePage(page);
      expect((await visibility(page)) === "hidden", `visibilityState is ${await visibility(page)}`);
    });

    let first: NotifyCall | undefined;
    await check("Notify carries the title, the body and both actions' labels", async () => {
      await show(page, "Agent question", QUESTION);
      first = await r.waitForNotification((call) => call.summary === "Agent question");
      const labels = first.actions.map((action) => action.label);
      console.log(
        `    Notify: body ${json(first.body)}, actions ${json(first.actions)}, hints ${json(first.hints)}, expire ${first.expireTimeout}`,
      );
      expect(first.body.includes("Where should I deploy?"), `body ${json(first.body)}`);
      expect(labels.includes("Staging (Recommended)"), `labels ${json(labels)}`);
      expect(
        first.actions.some((action) => action.key === "inline-reply"),
        `no inline-reply action: ${json(first.actions)}`,
      );
      expect(
        first.hints["x-kde-reply-placeholder-text"] === "Type your answer",
        `hints ${json(first.hints)}`,
      );
      expect(
        first.actions.some((action) => action.key === "default"),
        "no default (body) action",
      );
    });

    await check(
      "a button click reaches the worker as a trusted notificationclick with its action",
      async () => {
        if (!first) throw new Error("no notification");
        const before = await count(page, "click");
        const closesBefore = await count(page, "close");
        await r.clickAction(first, "Staging (Recommended)");
        const message = await nextMessage(page, "click", before);
        expect(
          message.action === "staging" && message.isTrusted && message.reply === null,
          json(message),
        );
        expect(!r.isOpen(first), "the service still lists it as open");
        // The desktop's close after the click reaches the worker as a notificationclose too.
        const close = await nextMessage(page, "close", closesBefore);
        expect(close.tag === "prompt-1", json(close));
        expect((await visibility(page)) === "hidden", "a button click made the page visible");
      },
    );

    await check('an inline reply arrives as event.reply with action ""', async () => {
      const call = await showAndWait(r, page, "Agent question", QUESTION);
      const before = await count(page, "click");
      await r.reply(call, "Deploy to QA first");
      const message = await nextMessage(page, "click", before);
      expect(
        message.reply === "Deploy to QA first" && message.action === "" && message.isTrusted,
        json(message),
      );
    });

    await check(
      "a replaced tagged notification keeps its id, and a click by label finds the new key",
      async () => {
        const one = await showAndWait(r, page, "Agent question", { ...QUESTION, tag: "prompt-2" });
        await show(page, "Agent question 2", {
          ...QUESTION,
          tag: "prompt-2",
          actions: [{ action: "production", title: "Production" }, QUESTION.actions[1]],
        });
        const two = await r.waitForNotification((c) => c.seq > one.seq);
        expect(
          two.replacesId === one.id && two.id === one.id,
          `first ${one.id}, then ${two.id} replacing ${two.replacesId}\n${r.timeline()}`,
        );
        const before = await count(page, "click");
        await r.clickAction(one, "Production");
        const message = await nextMessage(page, "click", before);
        expect(message.action === "production" && message.tag === "prompt-2", json(message));
      },
    );

    await check(
      "a body click reaches the worker and client.focus() shows the page again",
      async () => {
        const call = await showAndWait(r, page, "Agent question", { ...QUESTION, tag: "prompt-3" });
        expect((await visibility(page)) === "hidden", "the page was visible before the click");
        const before = await count(page, "click");
        await r.clickBody(call);
        const message = await nextMessage(page, "click", before);
        expect(message.action === "" && message.reply === null && message.isTrusted, json(message));
        await page.waitForFunction(() => document.visibilityState === "visible", null, {
          polling: 100,
          timeout: 5000,
        });
      },
    );

    await check(
      "closing from the app calls CloseNotification; a dismissal fires notificationclose",
      async () => {
        if (!front) throw new Error("no front tab");
        await r.hidePage(page);
        const byApp = await showAndWait(r, page, "Closed by the app", {
          ...QUESTION,
          tag: "prompt-4",
        });
        await page.evaluate(() =>
          (window as unknown as { closeTagged: (tag: string) => Promise<void> }).closeTagged(
            "prompt-4",
          ),
        );
        const deadline = Date.now() + 5000;
        while (r.isOpen(byApp) && Date.now() < deadline)
          await new Promise((resolve) => setTimeout(resolve, 50));
        expect(
          !r.isOpen(byApp),
          `still open after notification.close(); the worker reported ${json(workerEvents.filter((e) => e.type === "closed-by-app"))}\n${r.timeline()}`,
        );
        expect((await r.serviceState()).closeCalls.includes(byApp.id), "no CloseNotification call");

        await show(page, "Dismissed", { ...QUESTION, tag: "prompt-5" });
        const dismissed = await r.waitForNotification((c) => c.summary === "Dismissed");
        const closesBefore = await count(page, "close");
        await r.dismiss(dismissed);
        const close = await nextMessage(page, "close", closesBefore);
        expect(close.tag === "prompt-5" && close.isTrusted, json(close));
      },
    );

    await check("with no page open, a click opens the app with clients.openWindow", async () => {
      const call = await showAndWait(r, page, "No page", { ...QUESTION, tag: "prompt-6" });
      await page.close();
      const opened = r.context.waitForEvent("page", { timeout: 5000 });
      const eventsBefore = workerEvents.length;
      await r.clickBody(call);
      const newPage = await opened;
      await newPage.waitForURL(/opened-by=notification/, { timeout: 5000 });
      const deadline = Date.now() + 5000;
      while (
        !workerEvents.slice(eventsBefore).some((e) => e.type === "click") &&
        Date.now() < deadline
      ) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const click = workerEvents.slice(eventsBefore).find((e) => e.type === "click");
      expect(click?.isTrusted === true && click.action === "", `worker reported ${json(click)}`);
      expect((await visibility(newPage)) === "visible", "the opened page is not visible");
    });
  } catch (error) {
    failed += 1;
    console.log(`✗ rig run\n    ${error instanceof Error ? error.stack : String(error)}`);
  } finally {
    const closeStarted = Date.now();
    await rig?.close();
    console.log(`rig closed in ${Date.now() - closeStarted} ms`);
  }

  // A service without inline-reply: the text action is an ordinary button.
  let plain: NotifyRig | undefined;
  try {
    plain = await startNotifyRig({ inlineReply: false });
    const r = plain;
    await check(
      "without inline-reply the text action is a button, clicked as its own action",
      async () => {
        expect(!r.capabilities.includes("inline-reply"), `capabilities ${json(r.capabilities)}`);
        await r.grantNotifications(origin);
        const page = await r.context.newPage();
        await page.goto(`${origin}/`);
        await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, {
          polling: 100,
          timeout: 5000,
        });
        await show(page, "Agent question", QUESTION);
        const call = await r.waitForNotification((c) => c.summary === "Agent question");
        expect(!call.actions.some((action) => action.key === "inline-reply"), json(call.actions));
        const rejected = await r.reply(call, "text").then(
          () => false,
          () => true,
        );
        expect(rejected, "reply() went through without inline-reply");
        const before = await count(page, "click");
        await r.clickAction(call, "Other…");
        const message = await nextMessage(page, "click", before);
        expect(
          message.action === "other" && message.reply === null && message.isTrusted,
          json(message),
        );
      },
    );
  } catch (error) {
    failed += 1;
    console.log(
      `✗ rig run without inline-reply\n    ${error instanceof Error ? error.stack : String(error)}`,
    );
  } finally {
    await plain?.close();
    server.close();
  }
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed === 0 ? 0 : 1);
}

void main();
