import type { Locator, Page } from "playwright-core";
import * as questions from "./app/src/questions";

/** Wait limit for what a state should show once driven. */
export const STATE_TIMEOUT_MS = 10_000;

/** The kit's mock gateway in Node, and a back end's client on it (another surface answering). */
export type Gateway = {
  url: string;
  token: string;
  ask(kind: "one" | "three", timeoutMs?: number): Promise<string>;
  /** The agent asks OpenClaw's async (optional) questions in a message and works on. */
  askAsync(): Promise<void>;
  /** True once `holdResolves` was called: the page's answers never reach the gateway. */
  holdingResolves: boolean;
  holdResolves(): void;
  close(): Promise<void>;
  resolveElsewhere(id: string): Promise<void>;
};

/** What a state's driver gets: the page, the host's in-page control, and the gateway if any. */
export type Drive = {
  page: Page;
  /** Calls `window.surface[name]()` in the page (a host fed by the run). */
  surface(name: string): Promise<void>;
  gateway: Gateway | null;
};

export type State = {
  name: string;
  /** The page runs on Playwright's clock, installed before it loads: the drive moves time on. */
  fakeClock?: true;
  drive(drive: Drive): Promise<void>;
};
export type Host = {
  name: string;
  /** What the host is, as its README section builds it. */
  readme: string;
  /** True when the host talks to the kit's mock gateway (started for each case). */
  gateway: boolean;
  states: State[];
  /** The common states (`COMMON_STATES`) this host's stack cannot reach, each with why. */
  notApplicable?: Partial<Record<CommonState, string>>;
};

/** The states every host is checked in, unless its stack cannot reach one (`notApplicable`). */
export const COMMON_STATES = [
  "first-question",
  "step-of-three",
  "collapsed-bar",
  "sending",
  "queued-offline",
  "answered-summary",
  "skipped",
  "expired",
  "answered-elsewhere",
] as const;
export type CommonState = (typeof COMMON_STATES)[number];

/** The question panel, expanded: the dock on a wide screen, the card on a phone. */
export const panel = (page: Page): Locator =>
  page.locator('.ask-dock[data-state="expanded"], .ask-card[data-state="expanded"]');

const visible = (locator: Locator) =>
  locator.first().waitFor({ state: "visible", timeout: STATE_TIMEOUT_MS });

/** The kit says the same `data-status` word on every element of a prompt. */
const status = (page: Page, word: string) => page.locator(`[data-status="${word}"]`);
const summary = (page: Page, word: string) => page.locator(`.ask-summary[data-status="${word}"]`);

async function choose(page: Page): Promise<void> {
  await panel(page).locator('[role="radio"]').first().click();
}
async function submit(page: Page): Promise<void> {
  await panel(page).locator('button[data-variant="primary"]').click();
}
async function skip(page: Page): Promise<void> {
  await panel(page).locator("button.ask-skip").click();
  await panel(page).locator('button[data-variant="danger"]').click();
}
async function collapse(page: Page): Promise<void> {
  await panel(page).locator(".ask-icon-button").first().click();
  await visible(page.locator('.ask-bar[data-state="collapsed"]'));
}

/** How a host asks and lets a question end without this user; the states below build on it. */
type Asking = {
  ask(drive: Drive, kind: "one" | "three"): Promise<void>;
  askHanging?(drive: Drive): Promise<void>;
  askShortLived?(drive: Drive): Promise<void>;
  /** `askShortLived` moves the page's clock on: the expired state installs Playwright's. */
  shortLivedOnFakeClock?: true;
  goOffline?(drive: Drive): Promise<void>;
  answerElsewhere?(drive: Drive): Promise<void>;
};

/** The states a host reaches, from the ways it asks. */
function statesOf(asking: Asking, extra: State[] = []): State[] {
  const one = async (drive: Drive) => {
    await asking.ask(drive, "one");
    await visible(panel(drive.page));
  };
  const states: State[] = [
    { name: "first-question", drive: one },
    {
      name: "step-of-three",
      drive: async (drive) => {
        await asking.ask(drive, "three");
        await visible(panel(drive.page));
      },
    },
    {
      name: "collapsed-bar",
      drive: async (drive) => {
        await one(drive);
        await collapse(drive.page);
      },
    },
  ];
  const { askHanging, goOffline, askShortLived, answerElsewhere } = asking;
  if (askHanging !== undefined)
    states.push({
      name: "sending",
      drive: async (drive) => {
        await askHanging(drive);
        await visible(panel(drive.page));
        await choose(drive.page);
        await submit(drive.page);
        await visible(status(drive.page, "sending"));
      },
    });
  if (goOffline !== undefined)
    states.push({
      name: "queued-offline",
      drive: async (drive) => {
        await one(drive);
        await goOffline(drive);
        await choose(drive.page);
        await submit(drive.page);
        await visible(status(drive.page, "queued"));
      },
    });
  states.push(
    {
      name: "answered-summary",
      drive: async (drive) => {
        await one(drive);
        await choose(drive.page);
        await submit(drive.page);
        await visible(summary(drive.page, "answered"));
      },
    },
    {
      name: "skipped",
      drive: async (drive) => {
        await one(drive);
        await skip(drive.page);
        await visible(summary(drive.page, "skipped"));
      },
    },
  );
  if (askShortLived !== undefined)
    states.push({
      name: "expired",
      ...(asking.shortLivedOnFakeClock ? { fakeClock: true as const } : {}),
      drive: async (drive) => {
        await askShortLived(drive);
        await visible(summary(drive.page, "expired"));
      },
    });
  if (answerElsewhere !== undefined)
    states.push({
      name: "answered-elsewhere",
      drive: async (drive) => {
        await answerElsewhere(drive);
        await visible(summary(drive.page, "answered-elsewhere"));
      },
    });
  return [...states, ...extra];
}

function gatewayOf(drive: Drive): Gateway {
  if (drive.gateway === null) throw new Error("this host has no gateway");
  return drive.gateway;
}

/** Long enough for a busy machine to show the question, short enough to wait out. */
const SHORT_LIVED_MS = 5_000;

/** The OpenClaw hosts: the kit's mock gateway asks, another client answers elsewhere. */
const overGateway: Asking = {
  ask: async (drive, kind) => {
    await gatewayOf(drive).ask(kind);
  },
  askHanging: async (drive) => {
    gatewayOf(drive).holdResolves();
    await gatewayOf(drive).ask("one");
  },
  // Shown before it expires: a question that expires before it ever showed leaves no notice in
  // the dock (nothing was on screen to retire), which a busy machine made of a 1.5 s question.
  askShortLived: async (drive) => {
    await gatewayOf(drive).ask("one", SHORT_LIVED_MS);
    await visible(panel(drive.page));
  },
  goOffline: async (drive) => {
    await gatewayOf(drive).close();
  },
  answerElsewhere: async (drive) => {
    const id = await gatewayOf(drive).ask("one");
    await visible(panel(drive.page));
    await gatewayOf(drive).resolveElsewhere(id);
  },
};

/** A host fed by the run through `window.surface` (`one`, `three`, and what else it has). */
function inPage(has: {
  hanging?: true;
  /** `shortLived` asks with a deadline of its own, 1.5 s away. */
  shortLived?: true;
  /** The host's own deadline (15 minutes) passes on the page's clock, moved on by the run. */
  deadlinePasses?: true;
  offline?: true;
  elsewhere?: true;
}): Asking {
  return {
    ask: (drive, kind) => drive.surface(kind),
    ...(has.hanging ? { askHanging: (drive: Drive) => drive.surface("hanging") } : {}),
    ...(has.shortLived ? { askShortLived: (drive: Drive) => drive.surface("shortLived") } : {}),
    ...(has.deadlinePasses
      ? {
          shortLivedOnFakeClock: true as const,
          askShortLived: async (drive: Drive) => {
            await drive.surface("one");
            await visible(panel(drive.page));
            await drive.page.clock.fastForward("15:01");
          },
        }
      : {}),
    ...(has.offline ? { goOffline: (drive: Drive) => drive.surface("offline") } : {}),
    ...(has.elsewhere
      ? {
          answerElsewhere: async (drive: Drive) => {
            await drive.surface("one");
            await visible(panel(drive.page));
            await drive.surface("elsewhere");
          },
        }
      : {}),
  };
}

/**
 * The AG-UI host: asked in CopilotKit's `ask_user` interrupt (the resume run held open for
 * "sending", an `expiresAt` 1.5 s away for "expired"); answered elsewhere in a second tab on the
 * same URL, whose kit notes its answer in localStorage for this one.
 */
const overAgUi: Asking = {
  ...inPage({ hanging: true, shortLived: true }),
  answerElsewhere: async (drive) => {
    await drive.surface("one");
    await visible(panel(drive.page));
    const tab = await drive.page.context().newPage();
    try {
      await tab.goto(drive.page.url());
      await visible(panel(tab));
      await choose(tab);
      await submit(tab);
      await visible(summary(tab, "answered"));
    } finally {
      await tab.close();
    }
  },
};

const AG_UI_STATES: State[] = [
  {
    name: "tool-call",
    drive: async (drive) => {
      await drive.surface("toolCall");
      await visible(panel(drive.page));
    },
  },
  {
    name: "tool-call-answered",
    drive: async (drive) => {
      await drive.surface("toolCall");
      await visible(panel(drive.page));
      await choose(drive.page);
      await submit(drive.page);
      await visible(summary(drive.page, "answered"));
      await visible(drive.page.getByText("Going on with:"));
    },
  },
  {
    name: "form",
    drive: async (drive) => {
      await drive.surface("form");
      await visible(panel(drive.page));
    },
  },
];

/** OpenClaw's async questions, which the OpenClaw host reads from the session's messages. */
const ASYNC_STATES: State[] = [
  {
    name: "async-question",
    drive: async (drive) => {
      await gatewayOf(drive).askAsync();
      await visible(panel(drive.page).locator('[role="radio"]'));
    },
  },
  {
    name: "async-dismissed",
    drive: async (drive) => {
      await gatewayOf(drive).askAsync();
      await visible(panel(drive.page).locator('[role="radio"]'));
      await panel(drive.page).locator("button.ask-skip").click();
      await visible(summary(drive.page, "skipped").locator("button.ask-summary__reopen"));
    },
  },
];

export const HOSTS: Host[] = [
  {
    name: "openclaw",
    readme:
      "Embed the kit: ask-user-kit/composer, createBrowserGatewayClient, QuestionsProvider client, the kit's mock gateway",
    gateway: true,
    states: statesOf(overGateway, ASYNC_STATES),
  },
  {
    name: "own-connection",
    readme:
      "own connection: QuestionsProvider store over createLocalQuestionSource (ask-user-kit/store), fed over the host's channel",
    gateway: false,
    states: statesOf(inPage({ hanging: true, shortLived: true, offline: true, elsewhere: true })),
  },
  {
    name: "ai-sdk",
    readme: "AI SDK chat: useChat, useAskUserChat, AskUserToolPart, messages as a stream adds them",
    gateway: false,
    states: statesOf(inPage({ deadlinePasses: true, elsewhere: true })),
    notApplicable: {
      sending:
        "the answer is addToolOutput, which writes it into the chat's own messages and resolves; the request to the model that follows is the chat's (chat.status), not awaited by it",
      "queued-offline":
        "no queue: the chat's source is open while the chat is mounted, and an answer offline still lands in the chat's messages; the chat's request that fails is chat.error, the host's to retry",
    },
  },
  {
    name: "langgraph",
    readme:
      "LangGraph page: createThreadQuestionSource().update() with interrupts, as useStream feeds it",
    gateway: false,
    notApplicable: {
      "queued-offline":
        "no queue: the thread's source is open while the page is mounted, and an answer goes straight to useStream's respond; a resume that rejects shows as a failed send with Try again",
    },
    states: statesOf(inPage({ hanging: true, deadlinePasses: true, elsewhere: true }), [
      {
        name: "review",
        drive: async (drive) => {
          await drive.surface("review");
          await visible(panel(drive.page));
        },
      },
    ]),
  },
  {
    name: "mcp",
    readme: "MCP forms and URL: Client, createMcpQuestionSource, the SDK's Server in memory",
    gateway: false,
    notApplicable: {
      sending:
        "the answer is the return value of the client's elicitation handler: the SDK writes the response once it returns, and JSON-RPC has no acknowledgement to wait for",
      "queued-offline":
        "a request lives on its connection: when the transport closes the SDK aborts its handler and the form retires as cancelled, with nothing to queue an answer for",
      "answered-elsewhere":
        "each elicitation goes to one client, so no other surface answers it; what ends it from the other side is the server's cancellation (cancelled-by-server)",
    },
    states: statesOf(inPage({ deadlinePasses: true }), [
      {
        // The server gives up on the request (the SDK's request cancellation): the form retires.
        name: "cancelled-by-server",
        drive: async (drive) => {
          await drive.surface("one");
          await visible(panel(drive.page));
          await drive.surface("cancel");
          await visible(summary(drive.page, "cancelled"));
        },
      },
      {
        name: "refused-form",
        drive: async (drive) => {
          await drive.surface("refused");
          await visible(drive.page.locator('p[role="status"]:not(:empty)'));
        },
      },
      {
        name: "url-waiting",
        drive: async (drive) => {
          await drive.surface("url");
          await visible(panel(drive.page));
          await submit(drive.page);
          await visible(drive.page.locator(".ask-url__waiting"));
        },
      },
      {
        name: "url-finished",
        drive: async (drive) => {
          await drive.surface("url");
          await visible(panel(drive.page));
          await submit(drive.page);
          await visible(drive.page.locator(".ask-url__waiting"));
          await drive.surface("urlDone");
          await visible(drive.page.locator(".ask-summary"));
        },
      },
    ]),
  },
  {
    name: "ag-ui",
    readme:
      "AG-UI agents: HttpAgent, useAskUserAgent, askUserTool, the thread kept in localStorage, a scripted SSE server in the page",
    gateway: false,
    notApplicable: {
      "queued-offline":
        "no queue: the agent's source stays open while the page is mounted, and an answer is the start of the agent's next run; a run that cannot reach the server fails in @ag-ui/client and the answer stays in the dock as a failed send with Try again",
    },
    states: statesOf(overAgUi, AG_UI_STATES),
  },
];

export { questions };
