// What the async-question flows share: the agent's ask (mock or real peer), the question UI, and
// the session's transcript read back from the gateway with a client of its own.
import type { Locator, Page } from "playwright-core";
import { askAsyncQuestion } from "../../../scripts/demo/async-question";
import { demoAsyncDelivery } from "../../../src/demo/shared/async-question";
import { createBackendGatewayClient } from "../../../src/gateway/backend-client";
import { messageMetaOf, readAsyncQuestionMessage } from "../../../src/protocol/async-questions";
import { createWsSocketFactory } from "../../../src/testing/index";
import type { FlowContext } from "../harness";
import { expectThat, questionBar, shows, UI_TIMEOUT_MS } from "../page-helpers";

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

/** What the real gateway's scripted model answers with an async question (`E2E_ASYNC_MODEL`). */
export const ASK_ASYNC_PROMPT = "e2e: ask me while you work";
/** The scripted model's reply to anything else: a run that ends (and makes earlier ones stale). */
export const PLAIN_REPLY = "Noted.";

/** An agent turn's reply (the model's) takes longer on the real gateway than the mock's post. */
const ASK_TIMEOUT_MS = 30_000;

/**
 * Makes the agent ask in the flow's session: on the mock gateway its agent posts the message; on
 * the real one, another client's chat message starts an agent turn whose scripted reply the
 * async-question test plugin stores as an async question (the peer started with both).
 */
export function asyncAsker(
  flow: FlowContext,
): (arrives?: "expanded" | "collapsed") => Promise<{ messageId: string }> {
  const { mock } = flow.peer;
  return async (arrives = "expanded") => {
    const asked =
      mock === undefined
        ? await askOnTheRealGateway(flow)
        : askAsyncQuestion(mock, flow.sessionKey);
    await shows(
      arrives === "expanded"
        ? optionalQuestion(flow.page).getByText(DATABASE_TITLE).first()
        : questionBar(flow.page),
      ASK_TIMEOUT_MS,
    );
    await flow.page.waitForTimeout(SWITCH_SETTLE_MS);
    return asked;
  };
}

async function askOnTheRealGateway(flow: FlowContext): Promise<{ messageId: string }> {
  const before = new Set((await asyncMessageIds(flow)).map(([, id]) => id));
  await sendAsAnotherClient(flow, ASK_ASYNC_PROMPT);
  const deadline = Date.now() + ASK_TIMEOUT_MS;
  for (;;) {
    const fresh = (await asyncMessageIds(flow)).find(([, id]) => !before.has(id));
    if (fresh !== undefined) return { messageId: fresh[1] };
    if (Date.now() > deadline) throw new Error("the real agent asked no async question");
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The session's async question messages: item id and message id, oldest first. */
async function asyncMessageIds(flow: FlowContext): Promise<Array<[string, string]>> {
  return withClient(flow, async (request) => {
    const payload = (await request("chat.history", { sessionKey: flow.sessionKey })) as Fields;
    return ((payload.messages ?? []) as Fields[]).flatMap((message): Array<[string, string]> => {
      const asked = readAsyncQuestionMessage(message);
      const id = messageMetaOf(message).id;
      return asked === null || id === undefined || id === null ? [] : [[asked.itemId, id]];
    });
  });
}

/** A chat message from another client of the session, which starts an agent turn. */
export function sendAsAnotherClient(flow: FlowContext, message: string): Promise<void> {
  return withClient(flow, async (request) => {
    await request("chat.send", {
      sessionKey: flow.sessionKey,
      message,
      idempotencyKey: `e2e-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`,
    });
  });
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

/** Longer than the real gateway takes to write an accepted `chat.send` into the history. */
const REPLY_SETTLE_MS = 1_500;

/**
 * The replies to `messageId` once at least one is in the history (the real gateway acknowledges a
 * `chat.send` before it writes the message), read again after a pause so a second one would show.
 */
export async function settledRepliesTo(
  flow: FlowContext,
  messageId: string,
): Promise<StoredMessage[]> {
  const deadline = Date.now() + UI_TIMEOUT_MS;
  while ((await repliesTo(flow, messageId)).length === 0 && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 200));
  await new Promise((resolve) => setTimeout(resolve, REPLY_SETTLE_MS));
  return repliesTo(flow, messageId);
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

/**
 * Checks that the question message `messageId` got exactly one reply, in the quoted form of
 * `answers` (the database question's, then the extras question's), once the history settled.
 */
export async function expectOneReply(
  flow: FlowContext,
  messageId: string,
  answers: [database: string, extras: string],
): Promise<void> {
  const replies = await settledRepliesTo(flow, messageId);
  const expected = quotedAnswer([
    [DATABASE_TITLE, [answers[0]]],
    [EXTRAS_TITLE, [answers[1]]],
  ]);
  expectThat(replies.length === 1, `expected one reply in chat.history, got ${replies.length}`);
  expectThat(
    replies[0]?.text === expected,
    `the reply's text ${JSON.stringify(replies[0]?.text)} is not ${JSON.stringify(expected)}`,
  );
}
