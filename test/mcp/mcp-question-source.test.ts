import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import type { ElicitResult } from "@modelcontextprotocol/sdk/types.js";
import { describe, expect, it } from "vitest";
import { createMcpQuestionSource, type RefusedForm } from "../../src/mcp/index";
import { createQuestionStore } from "../../src/store/create-question-store";
import { selectCanSubmit } from "../../src/store/selectors-drafts";
import { selectPendingPrompts } from "../../src/store/selectors-prompts";
import { createManualClock } from "../../src/testing/manual-clock";
import { settle, until } from "../store/support/harness";

const SIX_FIELDS = {
  type: "object",
  properties: {
    fullName: { type: "string", title: "Name", minLength: 2, maxLength: 40 },
    email: { type: "string", title: "Email", format: "email" },
    seats: { type: "integer", title: "Seats", minimum: 1, maximum: 10, default: 2 },
    newsletter: { type: "boolean", title: "Newsletter", default: true },
    plan: {
      type: "string",
      title: "Plan",
      oneOf: [
        { const: "free", title: "Free" },
        { const: "pro", title: "Pro" },
      ],
    },
    regions: {
      type: "array",
      title: "Regions",
      minItems: 1,
      maxItems: 2,
      items: {
        anyOf: [
          { const: "eu", title: "Europe" },
          { const: "us", title: "Americas" },
          { const: "ap", title: "Asia" },
        ],
      },
    },
    start: { type: "string", title: "Start", format: "date" },
  },
  required: ["fullName", "email", "seats", "plan", "regions"],
} as const;

/** A real MCP server and client on an in-memory transport; the server elicits on demand. */
async function connect(options: { onRefused?: (form: RefusedForm) => void } = {}) {
  const server = new Server({ name: "forms", version: "1.0.0" }, { capabilities: {} });
  const client = new Client({ name: "dock", version: "1.0.0" });
  const clock = createManualClock(1_800_000_000_000);
  const source = createMcpQuestionSource(client, {
    sessionKey: "forms",
    clock,
    timeoutMs: 60_000,
    ...(options.onRefused === undefined ? {} : { onRefused: options.onRefused }),
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  // What the client puts on the wire, as JSON text: what a server's transport would read.
  const wire: string[] = [];
  const send = clientSide.send.bind(clientSide);
  clientSide.send = (message, options) => {
    wire.push(JSON.stringify(message));
    return send(message, options);
  };
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  const store = createQuestionStore({ api: source, clock, storage: null, gatewayKey: "mcp" });
  store.getState().start();
  const elicit = (requestedSchema: unknown): Promise<ElicitResult> =>
    server.elicitInput(
      { message: "Sign up", requestedSchema: requestedSchema as never },
      { timeout: 600_000 },
    );
  const waiting = async () => {
    await until(() => selectPendingPrompts(store.getState(), { sessionKey: "forms" }).length > 0);
    const [entry] = selectPendingPrompts(store.getState(), { sessionKey: "forms" });
    if (entry === undefined) throw new Error("no form");
    return entry;
  };
  return { server, client, store, clock, elicit, waiting, wire };
}

describe("given a form of seven fields with every primitive", () => {
  it("should ask each field in order, pre-fill defaults, and hand the server typed content it accepts", async () => {
    const { store, elicit, waiting } = await connect();
    const result = elicit(SIX_FIELDS);
    const entry = await waiting();
    expect(entry.record.questions.map((question) => question.header)).toEqual([
      "Name",
      "Email",
      "Seats",
      "Newsletter",
      "Plan",
      "Regions",
      "Start",
    ]);
    const [name, email, seats, newsletter, plan, regions] = entry.record.questions.map(
      (question) => question.questionId,
    );
    const actions = store.getState();
    expect(selectCanSubmit(store.getState(), entry.id)).toBe(false);
    actions.setOtherText(entry.id, name ?? "", "Ada Lovelace");
    actions.setOtherText(entry.id, email ?? "", "ada@example.com");
    actions.chooseOption(entry.id, plan ?? "", "Pro");
    actions.toggleOption(entry.id, regions ?? "", "Europe");
    actions.toggleOption(entry.id, regions ?? "", "Asia");
    // Seats (2) and Newsletter (Yes) keep their defaults; Start is optional and stays empty.
    expect(selectCanSubmit(store.getState(), entry.id)).toBe(true);
    await actions.submit(entry.id);
    await expect(result).resolves.toEqual({
      action: "accept",
      content: {
        fullName: "Ada Lovelace",
        email: "ada@example.com",
        seats: 2,
        newsletter: true,
        plan: "pro",
        regions: ["eu", "ap"],
      },
    });
    expect([seats, newsletter]).toHaveLength(2);
  });

  it("should refuse each broken constraint before anything is sent", async () => {
    const { store, elicit, waiting } = await connect();
    void elicit(SIX_FIELDS);
    const entry = await waiting();
    const ids = entry.record.questions.map((question) => question.questionId);
    const actions = store.getState();
    const fill = () => {
      actions.setOtherText(entry.id, ids[0] ?? "", "Ada");
      actions.setOtherText(entry.id, ids[1] ?? "", "ada@example.com");
      actions.chooseOption(entry.id, ids[4] ?? "", "Free");
      if (
        store
          .getState()
          .drafts.get(entry.id)
          ?.questions.get(ids[5] ?? "")?.selected.length !== 1
      )
        actions.toggleOption(entry.id, ids[5] ?? "", "Europe");
    };
    fill();
    expect(selectCanSubmit(store.getState(), entry.id)).toBe(true);
    const broken: Array<[number, string]> = [
      [0, "A"], // minLength 2
      [0, "x".repeat(41)], // maxLength 40
      [1, "ada@"], // email
      [2, "0"], // minimum 1
      [2, "11"], // maximum 10
      [2, "2.5"], // integer
      [6, "2026-02-30"], // date
    ];
    for (const [index, text] of broken) {
      fill();
      actions.setOtherText(entry.id, ids[index] ?? "", text);
      expect(selectCanSubmit(store.getState(), entry.id), `${index}: ${text}`).toBe(false);
      await actions.submit(entry.id);
      expect(store.getState().prompts.get(entry.id)?.status).toBe("pending");
      actions.setOtherText(
        entry.id,
        ids[index] ?? "",
        index === 2 ? "3" : index === 6 ? "" : index === 1 ? "ada@example.com" : "Ada",
      );
    }
    // maxItems 2: a third region is refused too.
    actions.toggleOption(entry.id, ids[5] ?? "", "Americas");
    actions.toggleOption(entry.id, ids[5] ?? "", "Asia");
    expect(selectCanSubmit(store.getState(), entry.id)).toBe(false);
  });
});

describe("given a form the user does not fill", () => {
  it("should answer decline on Skip", async () => {
    const { store, elicit, waiting } = await connect();
    const result = elicit(SIX_FIELDS);
    const entry = await waiting();
    await store.getState().skip(entry.id);
    await expect(result).resolves.toEqual({ action: "decline" });
  });

  it("should answer cancel when its deadline passes", async () => {
    const { clock, elicit, waiting } = await connect();
    const result = elicit(SIX_FIELDS);
    await waiting();
    clock.advance(60_000);
    await settle(0);
    await expect(result).resolves.toEqual({ action: "cancel" });
  });
});

describe("given a schema outside the spec", () => {
  it("should decline it and say why, never showing a form", async () => {
    const refused: RefusedForm[] = [];
    const { store, elicit } = await connect({ onRefused: (form) => refused.push(form) });
    const nested = {
      type: "object",
      properties: { address: { type: "object", properties: { city: { type: "string" } } } },
    };
    await expect(elicit(nested)).resolves.toEqual({ action: "decline" });
    expect(store.getState().prompts.size).toBe(0);
    expect(refused).toEqual([
      {
        kind: "form",
        message: "Sign up",
        reasons: [expect.stringMatching(/"address" has the type "object"/)],
      },
    ]);
  });
});

describe("given property names that are also object keys", () => {
  it("should send every name as data: __proto__, constructor, toString, an empty and a long one", async () => {
    const { store, elicit, waiting, wire } = await connect();
    const long = "n".repeat(10_000);
    const names = ["__proto__", "constructor", "toString", "", long, "plain"];
    // Parsed from JSON, as a server's schema arrives: `__proto__` is an own property there.
    const schema = JSON.parse(
      JSON.stringify({
        type: "object",
        properties: Object.fromEntries(names.map((name) => [name, { type: "string" }])),
        required: names,
      }).replace('"properties":{"', '"properties":{"__proto__":{"type":"string"},"'),
    ) as unknown;
    const result = elicit(schema);
    const entry = await waiting();
    expect(entry.record.questions).toHaveLength(names.length);
    entry.record.questions.forEach((question, index) => {
      store.getState().setOtherText(entry.id, question.questionId, `value-${index}`);
    });
    await store.getState().submit(entry.id);
    // The SDK's server parses results with zod, which drops a `__proto__` key on purpose; the
    // client's part is to put every name on the wire.
    void result.catch(() => undefined);
    await until(() => wire.some((text) => text.includes('"action":"accept"')));
    const sent = JSON.parse(wire.find((text) => text.includes('"action":"accept"')) ?? "{}") as {
      result: { content: Record<string, string> };
    };
    const content = sent.result.content;
    expect(Object.keys(content).sort()).toEqual([...names].sort());
    expect(Object.hasOwn(content, "__proto__")).toBe(true);
    expect(content[long]).toBe(`value-${names.indexOf(long)}`);
  });
});

describe("given free text with spaces around it", () => {
  it("should send it as typed", async () => {
    const { store, elicit, waiting } = await connect();
    const result = elicit({
      type: "object",
      properties: { phrase: { type: "string", title: "Pass phrase" } },
      required: ["phrase"],
    });
    const entry = await waiting();
    const [phrase] = entry.record.questions;
    store.getState().setOtherText(entry.id, phrase?.questionId ?? "", "  correct horse  ");
    await store.getState().submit(entry.id);
    await expect(result).resolves.toEqual({
      action: "accept",
      content: { phrase: "  correct horse  " },
    });
  });
});

describe("given the server cancels the session's first request (id 0)", () => {
  it("should retire the form as cancelled by the server", async () => {
    const { store, server, elicit, waiting } = await connect();
    const result = elicit({
      type: "object",
      properties: { target: { type: "string", title: "Target" } },
    });
    const entry = await waiting();
    // What a server sends when it gives up on its request 0 (a timeout or an abort).
    await server.notification({
      method: "notifications/cancelled",
      params: { requestId: 0, reason: "timed out" },
    });
    await until(() => store.getState().prompts.get(entry.id)?.status === "cancelled");
    void result.catch(() => undefined);
  });
});
