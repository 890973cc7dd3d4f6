// The page of `npm run test:langgraph`: a small chat on `useStream` (`@langchain/react`) against
// the local LangGraph server, and the kit's dock over its composer. The query says where and what:
// `?api=<server URL>&assistant=review|ask|form`, and `thread=<id>` once a thread exists, so a
// reload (or a second tab opened on the same URL) attaches to the same thread. The `form` graph
// takes the composer's text as JSON for its `request`.
import { STREAM_CONTROLLER, useStream } from "@langchain/react";
import { type FormEvent, StrictMode, useCallback, useState } from "react";
import { createRoot } from "react-dom/client";
import {
  AnswerSummary,
  ComposerDock,
  QuestionsProvider,
  useTimelineItems,
} from "../../../src/index";
import { describeStreamError, type UnhandledInterrupt } from "../../../src/langgraph/index";
import { useAskUserStream } from "../../../src/langgraph/react/index";
// The kit's stylesheet, as a host imports `ask-user-kit/style.css`.
import "../../../src/react/styles.css";

const params = new URLSearchParams(location.search);
const API_URL = params.get("api") ?? "";
const ASSISTANT = params.get("assistant") ?? "ask";
// As the README's page: one retry, so a refused connection shows in seconds (the client's default
// retries it for about 25 s). A constant: a new object each render makes a new client.
const CALLER_OPTIONS = { maxRetries: 1 };

/** A message's text: a string, or its text blocks joined. */
function textOf(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content
    .map((block: unknown) =>
      typeof block === "object" &&
      block !== null &&
      "text" in block &&
      typeof block.text === "string"
        ? block.text
        : "",
    )
    .join("");
}

type ShownMessage = { id?: string | undefined; type: string; content: unknown };

/** The input the composer's text becomes: a human message, or the form graph's request. */
function inputOf(text: string): Record<string, unknown> {
  if (ASSISTANT !== "form") return { messages: [{ type: "human", content: text }] };
  return { request: JSON.parse(text) as unknown };
}

function Composer({ onSend }: { onSend(text: string): void }) {
  const [text, setText] = useState("");
  const send = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() === "") return;
    setText("");
    onSend(text);
  };
  return (
    <form aria-label="Composer" onSubmit={send}>
      <input aria-label="Message" value={text} onChange={(event) => setText(event.target.value)} />
      <button type="submit">Send</button>
    </form>
  );
}

function Messages({ messages }: { messages: readonly ShownMessage[] }) {
  return (
    <section aria-label="Chat">
      {messages.map((message, index) => (
        <p key={message.id ?? index} data-message-type={message.type}>
          {textOf(message.content)}
        </p>
      ))}
    </section>
  );
}

function Timeline() {
  const items = useTimelineItems();
  return (
    <section aria-label="Timeline">
      {items.map((item) => (
        <div key={item.promptId} data-prompt-id={item.promptId}>
          <AnswerSummary entry={item.entry} />
        </div>
      ))}
    </section>
  );
}

function App() {
  const [threadId, setThreadId] = useState<string | null>(params.get("thread"));
  const [unhandled, setUnhandled] = useState<UnhandledInterrupt[]>([]);
  const [sendError, setSendError] = useState<string | null>(null);
  const onThreadId = useCallback((id: string) => {
    const url = new URL(location.href);
    url.searchParams.set("thread", id);
    history.replaceState(null, "", url);
    setThreadId(id);
  }, []);
  const stream = useStream({
    apiUrl: API_URL,
    assistantId: ASSISTANT,
    threadId,
    onThreadId,
    callerOptions: CALLER_OPTIONS,
  });
  const onUnhandled = useCallback(
    (interrupt: UnhandledInterrupt) => setUnhandled((before) => [...before, interrupt]),
    [],
  );
  const store = useAskUserStream(stream, { onUnhandled });
  const send = (text: string) => {
    setSendError(null);
    try {
      void stream.submit(inputOf(text)).catch((error: unknown) => setSendError(String(error)));
    } catch (error) {
      setSendError(String(error));
    }
  };
  const problem = describeStreamError(stream.error);
  const values: unknown = stream.values;
  const formAnswer =
    typeof values === "object" && values !== null && "answer" in values ? values.answer : undefined;
  return (
    <QuestionsProvider store={store} sessionKey={stream.threadId ?? ""}>
      <main
        data-thread-id={stream.threadId ?? ""}
        data-loading={String(stream.isLoading)}
        data-thread-loading={String(stream.isThreadLoading)}
        data-interrupts={stream.interrupts.length}
        // Every pending interrupt, headless ones too (what the kit reads): shown for diagnosis.
        data-all-interrupts={stream[STREAM_CONTROLLER].rootStore
          .getSnapshot()
          .interrupts.map((interrupt) => interrupt.id)
          .join(" ")}
      >
        <h1>LangGraph chat</h1>
        <Messages messages={stream.messages} />
        {formAnswer === undefined ? null : (
          <section aria-label="Form answer">
            <pre>{JSON.stringify(formAnswer)}</pre>
          </section>
        )}
        {unhandled.map((item, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: notices only ever append
          <p key={index} role="status" className="unhandled-interrupt">
            Not shown ({item.reason}): {item.issues.join("; ") || "no reader for it"}
          </p>
        ))}
        {problem === null ? null : (
          <p role="alert" data-kind={problem.kind} title={problem.reason}>
            {problem.message}
          </p>
        )}
        {sendError === null ? null : <p role="alert">Not sent: {sendError}</p>}
        <Timeline />
        <ComposerDock replyHint={false} composer={<Composer onSend={send} />} />
      </main>
    </QuestionsProvider>
  );
}

const root = document.getElementById("root");
if (root === null) throw new Error("no #root");
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
