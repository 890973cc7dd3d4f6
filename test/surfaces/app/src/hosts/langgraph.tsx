// The README's LangGraph page without React's useStream (its "Without React" bullet): the thread's
// source, fed the thread as `update` would be by the stream. The run plays the thread's updates
// through `window.surface`: an ask_user interrupt, a review of the middleware, one resumed
// elsewhere.
import {
  AnswerSummary,
  ComposerDock,
  createQuestionStore,
  QuestionsProvider,
  useTimelineItems,
} from "ask-user-kit/composer";
import {
  type AskUserThread,
  createThreadQuestionSource,
  REVIEW_WORDS_AR,
} from "ask-user-kit/langgraph";
import "ask-user-kit/style.css";
import type { Question } from "ask-user-kit/protocol";
import { useEffect } from "react";
import {
  checksQuestion,
  deployQuestion,
  hostText,
  locale,
  localeProps,
  notifyQuestion,
} from "../page";

const THREAD_ID = "thread_1";
const source = createThreadQuestionSource({
  threadId: THREAD_ID,
  ...(locale === "ar" ? { reviewWords: REVIEW_WORDS_AR } : {}),
});
const store = createQuestionStore({ api: source, gatewayKey: "langgraph:surfaces" });

const asTool = (question: Question) => ({
  id: question.questionId,
  header: question.header,
  question: question.question,
  options: question.options,
  ...(question.multiSelect ? { multiSelect: true as const } : {}),
});

const human = { type: "human", id: "m1", content: "Deploy the build and mail Bob." };
const askCall = (questions: Question[]) => ({
  type: "ai",
  id: "m2",
  content: "",
  tool_calls: [
    {
      id: "call_1",
      name: "ask_user",
      args: { questions: questions.map(asTool), timeoutSeconds: 900 },
    },
  ],
});
const askInterrupt = (questions: Question[]) => ({
  id: "int_1",
  value: {
    type: "tool",
    toolCall: {
      id: "call_1",
      name: "ask_user",
      args: { questions: questions.map(asTool), timeoutSeconds: 900 },
    },
  },
});
const emailArgs = { to: "bob@example.com", subject: "Release notes" };
const review = {
  id: "int_2",
  value: {
    actionRequests: [
      { name: "send_email", args: emailArgs, description: "Tool execution requires approval" },
    ],
    reviewConfigs: [{ actionName: "send_email", allowedDecisions: ["approve", "edit", "reject"] }],
  },
};
const emailCall = {
  type: "ai",
  id: "m3",
  content: "",
  tool_calls: [{ id: "call_2", name: "send_email", args: emailArgs }],
};

let hang = false;
function thread(interrupts: AskUserThread["interrupts"], messages: unknown[]): AskUserThread {
  return {
    threadId: THREAD_ID,
    interrupts,
    isLoading: false,
    messages,
    respond: () => (hang ? new Promise(() => {}) : Promise.resolve()),
  };
}

window.surface = {
  one: () =>
    source.update(thread([askInterrupt([deployQuestion])], [human, askCall([deployQuestion])])),
  three: () => {
    const questions = [deployQuestion, checksQuestion, notifyQuestion];
    source.update(thread([askInterrupt(questions)], [human, askCall(questions)]));
  },
  hanging: () => {
    hang = true;
    source.update(thread([askInterrupt([deployQuestion])], [human, askCall([deployQuestion])]));
  },
  review: () => source.update(thread([review], [human, emailCall])),
  // Another tab answered: the interrupt is gone, and the call's result is in the messages.
  elsewhere: () =>
    source.update(
      thread(
        [],
        [
          human,
          askCall([deployQuestion]),
          {
            type: "tool",
            id: "m4",
            tool_call_id: "call_1",
            content: JSON.stringify({
              status: "answered",
              answers: { answers: { deploy_target: ["Production"] } },
            }),
          },
        ],
      ),
    ),
};

export function Host() {
  useEffect(() => {
    store.getState().start();
    return () => store.getState().stop();
  }, []);
  return (
    <QuestionsProvider store={store} sessionKey={THREAD_ID} {...localeProps()}>
      <h1>{hostText.chat}</h1>
      <Summaries />
      <ComposerDock composer={<textarea aria-label={hostText.message} />} />
    </QuestionsProvider>
  );
}

function Summaries() {
  const items = useTimelineItems();
  return items.map((item) => <AnswerSummary key={item.promptId} entry={item.entry} />);
}
