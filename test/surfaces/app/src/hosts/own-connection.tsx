// A host with a connection of its own (the README's "Source of truth" and bridged MCP client): the
// host relays each question over its own channel into a local source, and the provider gets the
// store made from it. The run plays the channel through `window.surface`.
import {
  AnswerSummary,
  ComposerDock,
  createQuestionStore,
  QuestionsProvider,
  useTimelineItems,
} from "ask-user-kit/composer";
import { createLocalQuestionSource } from "ask-user-kit/store";
import "ask-user-kit/style.css";
import type { Question } from "ask-user-kit/protocol";
import { useEffect } from "react";
import { checksQuestion, deployQuestion, hostText, localeProps, notifyQuestion } from "../page";

const source = createLocalQuestionSource({ name: "own channel" });
const store = createQuestionStore({ api: source, gatewayKey: "own-channel" });
const FIFTEEN_MINUTES_MS = 15 * 60_000;
let asked = 0;

function ask(questions: Question[], options: { lifeMs?: number; hang?: boolean }) {
  asked += 1;
  const now = Date.now();
  const id = `own_${asked}`;
  source.ask(
    {
      id,
      questions,
      sessionKey: "main",
      runId: `run_${asked}`,
      createdAtMs: now,
      expiresAtMs: now + (options.lifeMs ?? FIFTEEN_MINUTES_MS),
      status: "pending",
    },
    {
      // The host's channel: an answer that never arrives keeps the dock sending.
      answer: () => (options.hang ? new Promise<void>(() => {}) : undefined),
      decline: () => undefined,
      expire: () => undefined,
    },
  );
  return id;
}

window.surface = {
  one: () => ask([deployQuestion], {}),
  three: () => ask([deployQuestion, checksQuestion, notifyQuestion], {}),
  hanging: () => ask([deployQuestion], { hang: true }),
  shortLived: () => ask([deployQuestion], { lifeMs: 1_500 }),
  offline: () => source.close(),
  elsewhere: () =>
    source.settle({
      id: `own_${asked}`,
      status: "answered",
      answers: { answers: { deploy_target: ["Production"] } },
    }),
};

export function Host() {
  useEffect(() => {
    store.getState().start();
    source.open();
    return () => store.getState().stop();
  }, []);
  return (
    <QuestionsProvider store={store} sessionKey="main" {...localeProps()}>
      <h1>{hostText.chat}</h1>
      <Timeline />
      <ComposerDock composer={<textarea aria-label={hostText.message} />} />
    </QuestionsProvider>
  );
}

function Timeline() {
  const items = useTimelineItems();
  return items.map((item) => <AnswerSummary key={item.promptId} entry={item.entry} />);
}
