// The cases of `npm run test:ag-ui` on the runtime's agent `langgraph`: `@ag-ui/langgraph`'s
// LangGraphAgent (`emitInterruptOutcome: true`) in front of the local LangGraph server's graph
// `ag_ui_ask` (scripts/langgraph/ag-ui-graph.ts), whose node pauses on `interrupt({reason:
// "ask_user", questions, timeoutSeconds})` and says what `interrupt()` returned. Each case checks
// the events the page's HttpAgent received (the run's SSE body), what the page posted, the reply
// in the chat, and the thread as the LangGraph server holds it.
import { Client } from "@langchain/langgraph-sdk";
import type { Page, Response } from "playwright-core";
import { interruptPrompt } from "../../src/ag-ui/agent-prompts";
import type { AgUiInterrupt } from "../../src/ag-ui/agent-shapes";
import { SWITCH_GUARD_MS } from "../../src/react/dock/use-switch-guard";
import { dock, expectThat, hides, shows, UI_TIMEOUT_MS } from "../e2e/page-helpers";
import type { StateMessage } from "../langgraph-e2e/harness";
import { chat, choose, settle, submit, summaryText, textOf } from "../langgraph-e2e/helpers";
import { runsPosted } from "./case-helpers";
import { LANGGRAPH_AGENT_ID } from "./copilotkit-server";
import type { Case, CaseContext } from "./harness";
import { DEPLOY_QUESTION, SECOND_QUESTION } from "./scripted-model";

/** An AG-UI event as the runtime wrote it on the wire. */
type WireEvent = { type: string; [key: string]: unknown };

/** A LangGraph interrupt as the server's thread state lists it. */
type LangGraphInterrupt = { id?: string; value?: unknown };

/** The thread as the LangGraph server holds it. */
type ThreadView = {
  messages: StateMessage[];
  next: string[];
  interrupts: LangGraphInterrupt[];
};

const PRODUCTION_PAYLOAD = {
  status: "answered",
  answers: { answers: { deploy_target: ["Production"] } },
};
const NOTIFY_YES_PAYLOAD = {
  status: "answered",
  answers: { answers: { notify_team: ["Yes (Recommended)"] } },
};

/** The value the graph passes to `interrupt()` for `question`. */
const askValue = (question: unknown) => ({
  reason: "ask_user",
  questions: [question],
  timeoutSeconds: 120,
});

/** The SSE events of a run's response body, in order. */
async function eventsOf(response: Response): Promise<WireEvent[]> {
  const body = await response.text();
  return body
    .split("\n")
    .filter((line) => line.startsWith("data:"))
    .map((line) => JSON.parse(line.slice("data:".length)) as WireEvent);
}

/** Runs `action` and returns the events of the next run the page posts to the agent `langgraph`. */
async function nextRunEvents(
  context: CaseContext,
  action: () => Promise<void>,
): Promise<WireEvent[]> {
  const runUrl = context.runtime.runUrl(LANGGRAPH_AGENT_ID);
  const responding = context.page.waitForResponse(
    (response) => response.url() === runUrl && response.request().method() === "POST",
  );
  await action();
  return eventsOf(await responding);
}

const ofType = (events: readonly WireEvent[], type: string): WireEvent[] =>
  events.filter((event) => event.type === type);

/** The thread as the LangGraph server holds it, read with the LangGraph SDK client. */
async function readThread(client: Client, threadId: string): Promise<ThreadView> {
  const state = await client.threads.getState<{ messages?: StateMessage[] }>(threadId);
  return {
    messages: state.values.messages ?? [],
    next: state.next,
    interrupts: state.tasks.flatMap((task) => task.interrupts),
  };
}

/** Polls the thread until `until` holds; throws with the last view otherwise. */
async function threadWhen(
  context: CaseContext,
  threadId: string,
  until: (view: ThreadView) => boolean,
  what: string,
): Promise<ThreadView> {
  const client = new Client({ apiUrl: context.langgraphUrl });
  const deadline = Date.now() + UI_TIMEOUT_MS;
  for (;;) {
    const view = await readThread(client, threadId);
    if (until(view)) return view;
    if (Date.now() > deadline)
      throw new Error(`the thread is not ${what}: ${JSON.stringify(view)}`);
    await context.page.waitForTimeout(100);
  }
}

const waiting = (count: number) => (view: ThreadView) => view.interrupts.length === count;
const done = (view: ThreadView) => view.interrupts.length === 0 && view.next.length === 0;

/** The thread's messages as `type: text`, in order. */
const transcript = (view: ThreadView): string[] =>
  view.messages.map((message) => `${message.type}: ${textOf(message.content)}`);

/** Waits for the chat to show `text` as a message of its own, exactly. */
const chatSays = (page: Page, text: string) => shows(chat(page).getByText(text, { exact: true }));

/** Sends `text` on a fresh page of the agent `langgraph`; returns the first run's events. */
async function ask(context: CaseContext, text: string): Promise<WireEvent[]> {
  await context.openPage(LANGGRAPH_AGENT_ID);
  return nextRunEvents(context, () => context.send(text));
}

/**
 * Checks the interrupts a paused run ended with against the thread's own: LangGraph's ids, the
 * reason from the value, the whole value in `metadata.langgraph.raw`, and nothing else (no
 * `message`, no `toolCallId`, no `responseSchema`, no `expiresAt`). Returns them.
 */
function expectInterruptOutcome(
  events: readonly WireEvent[],
  thread: ThreadView,
  values: readonly unknown[],
): AgUiInterrupt[] {
  const [started] = ofType(events, "RUN_STARTED");
  const [finished] = ofType(events, "RUN_FINISHED");
  const outcome = finished?.outcome as { type?: string; interrupts?: unknown[] } | undefined;
  expectThat(outcome?.type === "interrupt", `the run ended ${JSON.stringify(finished)}`);
  const expected = thread.interrupts.map((interrupt) => ({
    id: String(interrupt.id),
    reason: "ask_user",
    metadata: { langgraph: { raw: interrupt.value } },
  }));
  expectThat(
    JSON.stringify(outcome?.interrupts) === JSON.stringify(expected),
    `the outcome's interrupts are\n  ${JSON.stringify(outcome?.interrupts)}\nexpected\n  ${JSON.stringify(expected)}`,
  );
  expectThat(
    JSON.stringify(thread.interrupts.map((interrupt) => interrupt.value)) ===
      JSON.stringify(values),
    `the graph paused on ${JSON.stringify(thread.interrupts)}`,
  );
  // The legacy event still comes beside the outcome, one per interrupt.
  const legacy = ofType(events, "CUSTOM").filter((event) => event.name === "on_interrupt");
  expectThat(legacy.length === values.length, `${legacy.length} on_interrupt events`);
  // RUN_FINISHED names LangGraph's run, not the run RUN_STARTED named.
  expectThat(
    typeof finished?.runId === "string" && finished.runId !== started?.runId,
    `RUN_STARTED ${started?.runId}, RUN_FINISHED ${finished?.runId}`,
  );
  return expected;
}

/** RUN_FINISHED's `runId` is one of the LangGraph server's runs of the thread. */
async function expectLangGraphRunId(
  context: CaseContext,
  threadId: string,
  events: readonly WireEvent[],
): Promise<void> {
  const [finished] = ofType(events, "RUN_FINISHED");
  const client = new Client({ apiUrl: context.langgraphUrl });
  const runs = (await client.runs.list(threadId)).map((run) => run.run_id);
  expectThat(
    runs.includes(String(finished?.runId)),
    `RUN_FINISHED names ${finished?.runId}, the server's runs are ${runs.join(", ")}`,
  );
}

/** The page's HttpAgent keeps the outcome's interrupts as they came (the page saves them). */
async function expectPendingOnPage(page: Page, expected: readonly AgUiInterrupt[]): Promise<void> {
  const pending = await page.evaluate(() => {
    const threadId = document.querySelector("main")?.getAttribute("data-thread-id") ?? "";
    const saved = JSON.parse(localStorage.getItem(`ag-ui-thread:${threadId}`) ?? "null") as {
      interrupts?: unknown;
    } | null;
    return saved?.interrupts;
  });
  expectThat(
    JSON.stringify(pending) === JSON.stringify(expected),
    `the agent's pendingInterrupts are ${JSON.stringify(pending)}`,
  );
}

/**
 * Waits for the dock to show `question`; fails at once, with the adapter's own reading of the
 * interrupts, when the page lists them as not shown instead.
 */
async function expectDocked(
  page: Page,
  events: readonly WireEvent[],
  question: string,
): Promise<void> {
  const refused = page.locator(".unhandled-interrupt");
  await shows(dock(page).getByText(question).or(refused));
  if ((await refused.count()) === 0) return;
  const outcome = ofType(events, "RUN_FINISHED")[0]?.outcome as
    | { interrupts?: AgUiInterrupt[] }
    | undefined;
  const readings = (outcome?.interrupts ?? []).map((interrupt) =>
    interruptPrompt(interrupt, new Map(), "ask_user"),
  );
  throw new Error(
    `the page did not dock the interrupt but says "${await refused.first().textContent()}"; ` +
      `the adapter's reading: ${JSON.stringify(readings)}`,
  );
}

/** The resumed run: no text events, the node's reply only in MESSAGES_SNAPSHOT, no outcome. */
function expectReplyInSnapshot(events: readonly WireEvent[], replies: readonly string[]): void {
  const texts = events.filter((event) => event.type.startsWith("TEXT_MESSAGE"));
  expectThat(texts.length === 0, `the resumed run streamed text: ${JSON.stringify(texts)}`);
  const snapshot = ofType(events, "MESSAGES_SNAPSHOT").at(-1);
  const messages = (snapshot?.messages ?? []) as Array<{ role?: string; content?: unknown }>;
  const said = messages.filter((message) => message.role === "assistant").map((m) => m.content);
  expectThat(
    JSON.stringify(said) === JSON.stringify(replies),
    `the last MESSAGES_SNAPSHOT's assistant messages are ${JSON.stringify(said)}`,
  );
  const [finished] = ofType(events, "RUN_FINISHED");
  expectThat(
    finished !== undefined && finished.outcome === undefined,
    `the resumed run ended ${JSON.stringify(finished)}`,
  );
}

const answered: Case = {
  name: "LangGraph through @ag-ui/langgraph: an ask_user interrupt answered, the graph receives the answer",
  run: async (context) => {
    const { page } = context;
    const first = await ask(context, "ask:deploy");
    const threadId = await context.threadId();
    const paused = await threadWhen(context, threadId, waiting(1), "waiting on one interrupt");
    const interrupts = expectInterruptOutcome(first, paused, [askValue(DEPLOY_QUESTION)]);
    const [interrupt] = interrupts;
    await expectLangGraphRunId(context, threadId, first);
    await expectPendingOnPage(page, interrupts);
    await expectDocked(page, first, DEPLOY_QUESTION.question);
    await context.expectDockAccessible("an ask_user interrupt from LangGraph");
    await choose(page, "Production");
    const resumed = await nextRunEvents(context, () => submit(page));
    await hides(dock(page));
    const [, resumeRun] = await runsPosted(context, 2);
    const resume = resumeRun?.resume ?? [];
    expectThat(
      JSON.stringify(resume) ===
        JSON.stringify([
          { interruptId: interrupt?.id, status: "resolved", payload: PRODUCTION_PAYLOAD },
        ]),
      `the resume is ${JSON.stringify(resume)}`,
    );
    // The payload, as it is, is what `interrupt()` returned in the node.
    const reply = `Got: ${JSON.stringify(PRODUCTION_PAYLOAD)}`;
    expectReplyInSnapshot(resumed, [reply]);
    await expectLangGraphRunId(context, threadId, resumed);
    await chatSays(page, reply);
    const view = await threadWhen(context, threadId, done, "done");
    expectThat(
      JSON.stringify(transcript(view)) === JSON.stringify(["human: ask:deploy", `ai: ${reply}`]),
      `the thread holds ${JSON.stringify(transcript(view))}`,
    );
    const summary = await summaryText(page);
    expectThat(summary.includes("Production"), `the summary does not name the answer: ${summary}`);
    // The thread runs on: the next message is a plain run, with no resume.
    await context.send("Thanks.");
    await chatSays(page, "Say ask:deploy or ask:two.");
    const runs = await runsPosted(context, 3);
    expectThat(runs[2]?.resume === undefined, "the next run resumed again");
    expectThat((await page.getByRole("alert").count()) === 0, "the next run failed");
  },
};

const skipped: Case = {
  name: "LangGraph through @ag-ui/langgraph: skipped, the graph receives not `cancelled` but the sentinel {__agui_cancelled__: true, interrupt_id}",
  run: async (context) => {
    const { page } = context;
    const first = await ask(context, "ask:deploy");
    const threadId = await context.threadId();
    const paused = await threadWhen(context, threadId, waiting(1), "waiting on one interrupt");
    const [interrupt] = expectInterruptOutcome(first, paused, [askValue(DEPLOY_QUESTION)]);
    await expectDocked(page, first, DEPLOY_QUESTION.question);
    await dock(page).getByRole("button", { name: "Skip" }).click();
    const resumed = await nextRunEvents(context, () =>
      dock(page).getByRole("button", { name: "Yes, skip" }).click(),
    );
    await hides(dock(page));
    const [, resumeRun] = await runsPosted(context, 2);
    const resume = resumeRun?.resume ?? [];
    expectThat(
      JSON.stringify(resume) ===
        JSON.stringify([{ interruptId: interrupt?.id, status: "cancelled" }]),
      `the resume is ${JSON.stringify(resume)}`,
    );
    const reply = `Got: ${JSON.stringify({ __agui_cancelled__: true, interrupt_id: interrupt?.id })}`;
    expectReplyInSnapshot(resumed, [reply]);
    await chatSays(page, reply);
    const view = await threadWhen(context, threadId, done, "done");
    expectThat(
      JSON.stringify(transcript(view)) === JSON.stringify(["human: ask:deploy", `ai: ${reply}`]),
      `the thread holds ${JSON.stringify(transcript(view))}`,
    );
    const summary = await summaryText(page);
    expectThat(/skipped/i.test(summary), `the summary does not say skipped: ${summary}`);
  },
};

const twoOutOfOrder: Case = {
  name: "LangGraph through @ag-ui/langgraph: two interrupts at one checkpoint answered out of order, resumed in one run; each node receives the whole __agui_resume_map__",
  run: async (context) => {
    const { page } = context;
    const first = await ask(context, "ask:two");
    const threadId = await context.threadId();
    const paused = await threadWhen(context, threadId, waiting(2), "waiting on two interrupts");
    const interrupts = expectInterruptOutcome(first, paused, [
      askValue(DEPLOY_QUESTION),
      askValue(SECOND_QUESTION),
    ]);
    await expectDocked(page, first, DEPLOY_QUESTION.question);
    // The second request first.
    await shows(dock(page).getByText("1/2", { exact: true }));
    await dock(page).getByRole("button", { name: "Next request" }).click();
    await shows(dock(page).getByText(SECOND_QUESTION.question));
    // The dock ignores a pointer click just after it switched requests.
    await page.waitForTimeout(SWITCH_GUARD_MS + 100);
    await dock(page).getByRole("radio", { name: /^Yes/ }).click();
    await submit(page);
    await shows(dock(page).getByText(DEPLOY_QUESTION.question));
    await settle(page);
    expectThat(context.runInputs().length === 1, "resumed before every interrupt had its answer");
    await choose(page, "Production");
    const resumed = await nextRunEvents(context, () => submit(page));
    await hides(dock(page));
    const [, resumeRun] = await runsPosted(context, 2);
    const payloads = [PRODUCTION_PAYLOAD, NOTIFY_YES_PAYLOAD];
    const expectedResume = interrupts.map((interrupt, index) => ({
      interruptId: interrupt.id,
      status: "resolved",
      payload: payloads[index],
    }));
    expectThat(
      JSON.stringify(resumeRun?.resume) === JSON.stringify(expectedResume),
      `the resume is ${JSON.stringify(resumeRun?.resume)}`,
    );
    // @ag-ui/langgraph sends several entries as one value, and LangGraph JS hands that same value
    // to every interrupted node: each must find its own entry by its interrupt id.
    const map = {
      __agui_resume_map__: Object.fromEntries(
        expectedResume.map((entry) => [
          entry.interruptId,
          { status: entry.status, payload: entry.payload },
        ]),
      ),
    };
    const replies = [
      `Got ${DEPLOY_QUESTION.id}: ${JSON.stringify(map)}`,
      `Got ${SECOND_QUESTION.id}: ${JSON.stringify(map)}`,
    ];
    expectReplyInSnapshot(resumed, replies);
    for (const reply of replies) await chatSays(page, reply);
    const view = await threadWhen(context, threadId, done, "done");
    expectThat(
      JSON.stringify(transcript(view)) ===
        JSON.stringify(["human: ask:two", ...replies.map((reply) => `ai: ${reply}`)]),
      `the thread holds ${JSON.stringify(transcript(view))}`,
    );
  },
};

export const LANGGRAPH_CASES: readonly Case[] = [answered, skipped, twoOutOfOrder];
