// A real MCP server and client (the SDK's own) on an in-memory transport, the kit's MCP source and
// a store over it: the server elicits on demand, and what the client puts on the wire is kept.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import type { ElicitResult } from "@modelcontextprotocol/sdk/types.js";
import type { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import { createMcpQuestionSource, type RefusedForm } from "../../src/mcp/index";
import { createQuestionStore } from "../../src/store/create-question-store";
import { selectPendingPrompts } from "../../src/store/selectors-prompts";
import type { DraftStorage, PromptEntry } from "../../src/store/types";
import { createManualClock } from "../../src/testing/manual-clock";
import { until } from "../store/support/harness";

export const SESSION_KEY = "forms";

/** Connects a server and a client and starts a store over the client's forms. */
export async function connectForms(
  options: {
    onRefused?: (form: RefusedForm) => void;
    storage?: DraftStorage | null;
    /** The server's validator of elicitation results (the SDK's default when left out). */
    validator?: AjvJsonSchemaValidator;
  } = {},
) {
  const server = new Server(
    { name: "forms", version: "1.0.0" },
    {
      capabilities: {},
      ...(options.validator === undefined ? {} : { jsonSchemaValidator: options.validator }),
    },
  );
  const client = new Client({ name: "dock", version: "1.0.0" });
  const clock = createManualClock(1_800_000_000_000);
  const source = createMcpQuestionSource(client, {
    sessionKey: SESSION_KEY,
    clock,
    timeoutMs: 60_000,
    ...(options.onRefused === undefined ? {} : { onRefused: options.onRefused }),
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const wire: string[] = [];
  const send = clientSide.send.bind(clientSide);
  clientSide.send = (message, sendOptions) => {
    wire.push(JSON.stringify(message));
    return send(message, sendOptions);
  };
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  const store = createQuestionStore({
    api: source,
    clock,
    storage: options.storage ?? null,
    gatewayKey: "mcp",
  });
  store.getState().start();
  const elicit = (requestedSchema: unknown): Promise<ElicitResult> =>
    server.elicitInput(
      { message: "Sign up", requestedSchema: requestedSchema as never },
      { timeout: 600_000 },
    );
  const waiting = async (): Promise<PromptEntry> => {
    await until(
      () => selectPendingPrompts(store.getState(), { sessionKey: SESSION_KEY }).length > 0,
    );
    const [entry] = selectPendingPrompts(store.getState(), { sessionKey: SESSION_KEY });
    if (entry === undefined) throw new Error("no form");
    return entry;
  };
  /** The question id of each property, by the field's title. */
  const idsOf = (entry: PromptEntry): Map<string, string> =>
    new Map(entry.record.questions.map((question) => [question.header, question.questionId]));
  const accepted = () => wire.filter((text) => text.includes('"action":"accept"'));
  return { server, client, source, store, clock, elicit, waiting, idsOf, wire, accepted };
}
