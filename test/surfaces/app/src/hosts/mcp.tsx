// The README's MCP forms example with URL elicitation: the page's own MCP client, the kit's source
// and store over it. The server is the SDK's own, on an in-memory transport in the page; the run
// has it elicit, and give up on a form, through `window.surface`.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import {
  AnswerSummary,
  ComposerDock,
  createQuestionStore,
  QuestionsProvider,
  useTimelineItems,
} from "ask-user-kit/composer";
import { createMcpQuestionSource } from "ask-user-kit/mcp";
import "ask-user-kit/style.css";
import { useEffect, useState } from "react";
import { hostText, localeProps } from "../page";

const client = new Client({ name: "my-app", version: "1.0.0" });
let showRefusal = (_text: string) => {};
const source = createMcpQuestionSource(client, {
  sessionKey: "forms",
  url: true,
  onRefused: ({ reasons }) =>
    showRefusal(`A form can't be shown (${reasons.join("; ")}): declined.`),
});
const store = createQuestionStore({ api: source, gatewayKey: "my-mcp-server" });
const server = new Server({ name: "forms", version: "1.0.0" }, { capabilities: {} });
const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
const connecting = Promise.all([server.connect(serverSide), client.connect(clientSide)]);

const target = {
  type: "string",
  title: "Target",
  description: "Where should I deploy this build?",
  enum: ["Staging", "Production"],
};
const forms: Record<string, unknown> = {
  one: { type: "object", properties: { target }, required: ["target"] },
  three: {
    type: "object",
    properties: {
      target,
      email: {
        type: "string",
        title: "Email",
        description: "Where the report goes",
        format: "email",
      },
      newsletter: { type: "boolean", title: "Newsletter", description: "Send me release notes" },
    },
    required: ["target", "email"],
  },
  // Outside the spec: a nested object is never guessed at.
  refused: {
    type: "object",
    properties: { address: { type: "object", properties: { city: { type: "string" } } } },
  },
};

// The server waits a minute past the form's own deadline (the source's 15 minutes), so that
// deadline is what ends a form nobody answers; `cancel` gives up on the last form asked.
const SERVER_WAIT_MS = 960_000;
let giveUp = new AbortController();
const elicit = async (name: string) => {
  await connecting;
  giveUp = new AbortController();
  void server
    .elicitInput(
      { message: "Sign up", requestedSchema: forms[name] as never },
      { timeout: SERVER_WAIT_MS, signal: giveUp.signal },
    )
    .catch(() => undefined);
};
const elicitUrl = async () => {
  await connecting;
  void server
    .elicitInput(
      {
        mode: "url",
        message: "Sign in to your deployment account",
        url: "https://auth.example.com/connect?session=42",
        elicitationId: "el-1",
      },
      { timeout: SERVER_WAIT_MS },
    )
    .catch(() => undefined);
};

window.surface = {
  one: () => elicit("one"),
  three: () => elicit("three"),
  refused: () => elicit("refused"),
  url: () => elicitUrl(),
  urlDone: () => server.createElicitationCompletionNotifier("el-1")(),
  // The SDK's request cancellation: the server sends notifications/cancelled for the form.
  cancel: () => giveUp.abort("the agent went on without it"),
};

export function Host() {
  const [refusal, setRefusal] = useState("");
  useEffect(() => {
    showRefusal = setRefusal;
    store.getState().start();
    return () => store.getState().stop();
  }, []);
  return (
    <QuestionsProvider store={store} sessionKey="forms" {...localeProps()}>
      <h1>{hostText.chat}</h1>
      <p role="status">{refusal}</p>
      <Summaries />
      <ComposerDock composer={<textarea aria-label={hostText.message} />} />
    </QuestionsProvider>
  );
}

function Summaries() {
  const items = useTimelineItems();
  return (
    <>
      {items.map((item) => (
        <AnswerSummary key={item.promptId} entry={item.entry} />
      ))}
    </>
  );
}
