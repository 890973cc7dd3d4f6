// The graphs the local LangGraph server serves (see start-server.ts), all driven by the scripted
// model, so a test decides every tool call in the human message it sends.
import { Annotation, interrupt, StateGraph } from "@langchain/langgraph";
import {
  type AnyAgentMiddleware,
  createAgent,
  humanInTheLoopMiddleware,
  type InterruptOnConfig,
  tool,
} from "langchain";
import { z } from "zod";
import { askUserTool } from "../../src/langgraph/agent/index";
import { ScriptedChatModel } from "./scripted-chat-model";

const sendEmail = tool(({ to, subject }) => `sent email to ${to} (subject: ${subject})`, {
  name: "send_email",
  description: "Sends an email.",
  schema: z.object({ to: z.string(), subject: z.string(), body: z.string().optional() }),
});

const deleteFile = tool(({ path }) => `deleted ${path}`, {
  name: "delete_file",
  description: "Deletes a file.",
  schema: z.object({ path: z.string() }),
});

const getTime = tool(() => new Date().toISOString(), {
  name: "get_time",
  description: "The current time (ISO 8601).",
  schema: z.object({}),
});

const REVIEWED: Record<string, InterruptOnConfig> = {
  send_email: {
    allowedDecisions: ["approve", "edit", "reject"],
    description: "Review this email before it is sent.",
  },
  delete_file: {
    allowedDecisions: ["approve", "reject"],
    description: "Confirm this file may be deleted.",
  },
};

// Under the repo's exactOptionalPropertyTypes, langchain 1.5.14 types this middleware's options
// as `never` and its result as no AnyAgentMiddleware (its zod v3 types carry optional
// `description`s); the options are checked as InterruptOnConfig above instead.
const reviewSideEffects = humanInTheLoopMiddleware({
  interruptOn: REVIEWED,
} as never) as unknown as AnyAgentMiddleware;

/** An agent whose side effects wait for a human's decision; `get_time` runs unasked. */
export const reviewAgent = createAgent({
  model: new ScriptedChatModel(),
  tools: [sendEmail, deleteFile, getTime],
  middleware: [reviewSideEffects],
});

/** An agent with the kit's `ask_user` tool. */
export const askAgent = createAgent({
  model: new ScriptedChatModel(),
  tools: [askUserTool(), getTime],
});

const FormState = Annotation.Root({
  request: Annotation<unknown>(),
  answer: Annotation<unknown>(),
});

/** One node that pauses on whatever `request` holds and keeps the resume value in `answer`. */
export const formGraph = new StateGraph(FormState)
  .addNode("ask", (state) => ({ answer: interrupt(state.request) }))
  .addEdge("__start__", "ask")
  .addEdge("ask", "__end__")
  .compile();
