// What the async-question flows share: the agent's ask on the mock peer, the question UI, and
// the session's transcript read back from the gateway with a client of its own.
import type { Locator, Page } from "playwright-core";
import { type AskedAsyncQuestion, askAsyncQuestion } from "../../../scripts/demo/async-question";
import { demoAsyncDelivery } from "../../../src/demo/shared/async-question";
import { createBackendGatewayClient } from "../../../src/gateway/backend-client";
import { createWsSocketFactory } from "../../../src/testing/index";
import type { FlowContext } from "../harness";
import { questionBar, shows, UI_TIMEOUT_MS } from "../page-helpers";

/** The dock's title for an optional question. */
export const OPTIONAL_REGION = "Optional question · work can continue";

const [DATABASE, EXTRAS] = demoAsyncDelivery("titles").questions;
export const DATABASE_TITLE = DATABASE?.title ?? "";
export const EXTRAS_TITLE = EXTRAS?.title ?? "";

/** The question UI above the composer (a dock, or a card on a phone). */
export function questionUi(page: Page): Locator {
  return page.locator(".ask-composer-dock .ask-dock, .ask-composer-dock .ask-card").first();
}

/** The timeline's summaries of the agent's optional questions, oldest first. */
export function asyncSummaries(page: Page): Locator {
  return page.locator(".ask-summary", { hasText: DATABASE_TITLE });
}

/** Longer than the dock's guard against clicks aimed at what it showed before it switched. */
export const SWITCH_SETTLE_MS = 600;

/** The question UI when it shows an optional question. */
export function optionalQuestion(page: Page): Locator {
  return page.getByRole("region", { name: OPTIONAL_REGION });
}

/**
 * The async flows run on the mock gateway: the real one asks an async question only from an agent
 * turn on the scripted model with the async-question plugin, which `npm run test:agent` runs
 * (test/agent/async-questions.test.ts).
 */
export const ON_THE_MOCK_ONLY = {
  peers: ["mock"],
  elsewhere: "its async questions come from an agent turn, in npm run test:agent",
} as const;

/** Makes the agent ask in the flow's session (on the mock gateway, whose agent the test is). */
export function asyncAsker(
  flow: FlowContext,
): (arrives?: "expanded" | "collapsed") => Promise<AskedAsyncQuestion> {
  const { mock } = flow.peer;
  if (mock === undefined) throw new Error("async questions are asked on the mock gateway only");
  return async (arrives = "expanded") => {
    const asked = askAsyncQuestion(mock, flow.sessionKey);
    await shows(
      arrives === "expanded"
        ? optionalQuestion(flow.page).getByText(DATABASE_TITLE).first()
        : questionBar(flow.page),
    );
    await flow.page.waitForTimeout(SWITCH_SETTLE_MS);
    return asked;
  };
}

/** The text OpenClaw's Control UI sends for these answers (docs: quoted title, blank line, answers). */
export function quotedAnswer(answers: Array<[title: string, values: string[]]>): string {
  return answers.map(([title, values]) => `> ${title}\n\n${values.join(", ")}`).join("\n\n");
}

/** A message of `chat.history`, with the fields the flows read. */
export type StoredMessage = {
  role: string;
  text: string;
  replyToId: string | null;
};

type Fields = Record<string, unknown>;

const textOf = (content: unknown): string =>
  typeof content === "string"
    ? content
    : Array.isArray(content)
      ? content.map((part) => String((part as Fields).text ?? "")).join("")
      : "";

/** A client of its own on the flow's gateway (not through the page's proxy), for `run`. */
async function withClient<T>(
  flow: FlowContext,
  run: (request: (method: string, params: Fields) => Promise<unknown>) => Promise<T>,
): Promise<T> {
  const client = createBackendGatewayClient({
    url: flow.peer.url,
    token: flow.peer.token,
    socketFactory: createWsSocketFactory(),
    // The kit's clients always hold the question scope; reading and sending need the other two.
    scopes: ["operator.questions", "operator.read", "operator.write"],
  });
  client.connect();
  try {
    const deadline = Date.now() + UI_TIMEOUT_MS;
    while (client.getState().status !== "connected") {
      if (Date.now() > deadline || client.getState().status === "failed")
        throw new Error(`the flow's own client: ${JSON.stringify(client.getState())}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return await run((method, params) => client.request(method, params));
  } finally {
    client.close();
  }
}

/** The flow session's transcript as the gateway's `chat.history` returns it. */
export function sessionHistory(flow: FlowContext): Promise<StoredMessage[]> {
  return withClient(flow, async (request) => {
    const payload = (await request("chat.history", { sessionKey: flow.sessionKey })) as Fields;
    return ((payload.messages ?? []) as Fields[]).map((message) => {
      const meta = (message.__openclaw ?? {}) as Fields;
      return {
        role: String(message.role),
        text: textOf(message.content),
        replyToId: typeof meta.replyToId === "string" ? meta.replyToId : null,
      };
    });
  });
}

/** The user messages that reply to the question message `messageId`. */
export async function repliesTo(flow: FlowContext, messageId: string): Promise<StoredMessage[]> {
  const history = await sessionHistory(flow);
  return history.filter((message) => message.role === "user" && message.replyToId === messageId);
}

/** Another client answers, as OpenClaw's Control UI in another tab would. */
export function replyElsewhere(flow: FlowContext, messageId: string, text: string): Promise<void> {
  return withClient(flow, async (request) => {
    await request("chat.send", {
      sessionKey: flow.sessionKey,
      message: text,
      deliver: false,
      replyToId: messageId,
      idempotencyKey: `e2e-elsewhere-${Date.now().toString(36)}`,
    });
  });
}
