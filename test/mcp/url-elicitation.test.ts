import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import {
  CallToolRequestSchema,
  type ElicitResult,
  McpError,
  UrlElicitationRequiredError,
} from "@modelcontextprotocol/sdk/types.js";
import { describe, expect, it } from "vitest";
import { createMcpQuestionSource, type RefusedForm } from "../../src/mcp/index";
import { createQuestionStore } from "../../src/store/create-question-store";
import { createLocalQuestionSource } from "../../src/store/local-source";
import { promptStateOf } from "../../src/store/prompt-state";
import { summarizePrompt } from "../../src/store/prompt-summary";
import { selectPendingPrompts } from "../../src/store/selectors-prompts";
import { selectTimelineItems } from "../../src/store/selectors-timeline";
import type { DraftStorage } from "../../src/store/types";
import { createManualClock } from "../../src/testing/manual-clock";
import { createMemoryStorage, settle, until } from "../store/support/harness";

const SCOPE = { sessionKey: "links" };

/** A real MCP server and client on an in-memory transport; the server asks for URLs on demand. */
async function connect(options: { url?: boolean; storage?: DraftStorage } = {}) {
  const refused: RefusedForm[] = [];
  const server = new Server({ name: "links", version: "1.0.0" }, { capabilities: { tools: {} } });
  // A tool that needs the user at a URL first, as the SDK's example server answers.
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const elicitations = (request.params.arguments?.elicitations ?? []) as never;
    throw new UrlElicitationRequiredError(elicitations);
  });
  const client = new Client({ name: "dock", version: "1.0.0" });
  const clock = createManualClock(1_800_000_000_000);
  const source = createMcpQuestionSource(client, {
    sessionKey: SCOPE.sessionKey,
    clock,
    timeoutMs: 60_000,
    url: options.url ?? true,
    onRefused: (form) => refused.push(form),
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  const store = createQuestionStore({
    api: source,
    clock,
    storage: options.storage ?? null,
    gatewayKey: "mcp",
  });
  store.getState().start();
  let count = 0;
  const ask = (url: string, message = "Sign in to continue"): Promise<ElicitResult> => {
    count += 1;
    return server.elicitInput(
      { mode: "url", message, url, elicitationId: `el-${count}` },
      { timeout: 600_000 },
    );
  };
  const complete = (elicitationId: string) =>
    server.createElicitationCompletionNotifier(elicitationId)();
  const waiting = async () => {
    await until(() => selectPendingPrompts(store.getState(), SCOPE).length > 0);
    const [entry] = selectPendingPrompts(store.getState(), SCOPE);
    if (entry === undefined) throw new Error("no prompt");
    return entry;
  };
  const entryOf = (id: string) => store.getState().prompts.get(id);
  return { server, client, source, store, clock, ask, complete, waiting, entryOf, refused };
}

describe("given a server that asks the user to open an https URL", () => {
  it("should show its message and the URL, with the host as the header, and send nothing yet", async () => {
    const { ask, waiting } = await connect();
    let answered = false;
    void ask("https://auth.example.com/authorize?state=1").then(() => {
      answered = true;
    });
    const entry = await waiting();
    expect(entry.record.questions).toEqual([
      {
        questionId: "open_url",
        header: "auth.example.com",
        question: "Sign in to continue",
        options: [],
        openUrl: "https://auth.example.com/authorize?state=1",
      },
    ]);
    await settle(0);
    expect(answered).toBe(false);
    expect(entry.openedAtMs).toBeUndefined();
  });

  it("should answer accept on Open and keep waiting until the server says it is done", async () => {
    const { store, ask, complete, waiting, entryOf } = await connect();
    const result = ask("https://auth.example.com/authorize");
    const entry = await waiting();
    await store.getState().openUrl(entry.id);
    await expect(result).resolves.toEqual({ action: "accept" });
    expect(entryOf(entry.id)?.status).toBe("pending");
    expect(entryOf(entry.id)?.openedAtMs).toBeTypeOf("number");

    await complete("el-1");
    await until(() => entryOf(entry.id)?.status === "answered");
    expect(promptStateOf(entryOf(entry.id)).outcome).toBe("answered");
    const [item] = selectTimelineItems(store.getState(), SCOPE);
    expect(item?.promptId).toBe(entry.id);
    expect(item?.state.status).toBe("answered");
  });

  it("should answer accept once, whatever how often Open is pressed", async () => {
    const { store, ask, waiting, server } = await connect();
    let results = 0;
    void ask("https://auth.example.com/").then(() => {
      results += 1;
    });
    const entry = await waiting();
    await store.getState().openUrl(entry.id);
    await store.getState().openUrl(entry.id);
    await settle(0);
    expect(results).toBe(1);
    void server;
  });

  it("should answer decline on Decline", async () => {
    const { store, ask, waiting, entryOf } = await connect();
    const result = ask("https://auth.example.com/");
    const entry = await waiting();
    await store.getState().skip(entry.id);
    await expect(result).resolves.toEqual({ action: "decline" });
    expect(promptStateOf(entryOf(entry.id)).outcome).toBe("skipped");
  });

  it("should answer cancel when the deadline passes before Open", async () => {
    const { clock, ask, waiting, entryOf } = await connect();
    const result = ask("https://auth.example.com/");
    const entry = await waiting();
    clock.advance(60_000);
    await settle(0);
    await expect(result).resolves.toEqual({ action: "cancel" });
    expect(entryOf(entry.id)?.status).toBe("expired");
  });

  it("should let the user stop waiting after Open, and expire at the deadline otherwise", async () => {
    const { store, clock, ask, waiting, entryOf } = await connect();
    void ask("https://one.example.com/");
    const first = await waiting();
    await store.getState().openUrl(first.id);
    await store.getState().skip(first.id);
    expect(promptStateOf(entryOf(first.id)).outcome).toBe("skipped");

    void ask("https://two.example.com/");
    const second = await waiting();
    await store.getState().openUrl(second.id);
    clock.advance(60_000);
    await settle(0);
    expect(entryOf(second.id)?.status).toBe("expired");
  });

  it("should retire as cancelled when the server cancels before Open", async () => {
    const { server, ask, waiting, entryOf } = await connect();
    const result = ask("https://auth.example.com/");
    const entry = await waiting();
    await server.notification({
      method: "notifications/cancelled",
      params: { requestId: 0, reason: "gave up" },
    });
    await until(() => entryOf(entry.id)?.status === "cancelled");
    void result.catch(() => undefined);
  });

  it("should retire as done elsewhere when the server completes before the user opened it", async () => {
    const { ask, complete, waiting, entryOf } = await connect();
    const result = ask("https://auth.example.com/");
    const entry = await waiting();
    await complete("el-1");
    await until(() => entryOf(entry.id)?.status === "answered");
    expect(promptStateOf(entryOf(entry.id)).outcome).toBe("answered-elsewhere");
    await expect(result).resolves.toEqual({ action: "cancel" });
  });
});

describe("given a URL step opened, then ended, and a reload", () => {
  for (const [name, end] of [
    ["the user stopped waiting", "stop"],
    ["the deadline passed", "deadline"],
  ] as const) {
    it(`should still know the user opened it when ${name}`, async () => {
      const storage = createMemoryStorage();
      const { store, clock, ask, waiting, entryOf } = await connect({ storage });
      void ask("https://auth.example.com/");
      const entry = await waiting();
      await store.getState().openUrl(entry.id);
      if (end === "stop") await store.getState().skip(entry.id);
      else clock.advance(60_000);
      await settle(0);
      expect(entryOf(entry.id)?.status).not.toBe("pending");
      store.getState().stop();

      const source = createLocalQuestionSource({ name: "mcp", clock: createManualClock(1) });
      const reloaded = createQuestionStore({ api: source, storage, gatewayKey: "mcp" });
      reloaded.getState().start();
      source.open();
      await until(() => reloaded.getState().prompts.has(entry.id));
      const [item] = selectTimelineItems(reloaded.getState(), SCOPE);
      expect(item?.entry.openedAtMs).toBe(entryOf(entry.id)?.openedAtMs);
      expect(summarizePrompt(item?.entry ?? entry).lines[0]?.opened).toBe(true);
    });
  }
});

describe("given URLs the kit will not open", () => {
  const REFUSED: Array<[string, string, RegExp]> = [
    ["javascript:", "javascript:alert(document.cookie)", /not https:/],
    ["data:", "data:text/html,<script>alert(1)</script>", /spaces|not https:/],
    ["LAN http:", "http://192.168.1.2/admin", /not https:/],
    ["public http:", "http://example.com/login", /not https:/],
    ["a look-alike loopback name", "http://localhost.example.com/", /not https:/],
    ["credentials", "https://user:pw@example.com/", /user name or password/],
    ["a user name alone", "https://admin@example.com/", /user name or password/],
    ["U+202E inside", "https://example.com/\u202egnp.exe", /direction controls/],
    ["a zero-width space in the host", "https://exa\u200bmple.com/", /invisible/],
    ["10,000 characters", `https://example.com/${"a".repeat(9_980)}`, /longer than 2048/],
    ["no URL at all", "not a url", /spaces|not a URL/],
    ["ftp:", "ftp://example.com/file", /not https:/],
  ];
  for (const [name, url, reason] of REFUSED) {
    it(`should decline ${name}, tell the host why and never show it`, async () => {
      const { store, ask, refused } = await connect();
      await expect(ask(url, "Open this")).resolves.toEqual({ action: "decline" });
      expect(store.getState().prompts.size).toBe(0);
      expect(refused).toEqual([
        { kind: "url", message: "Open this", reasons: [expect.stringMatching(reason)] },
      ]);
    });
  }

  it("should show a look-alike Unicode host as punycode, in the header and the URL opened", async () => {
    const { ask, waiting } = await connect();
    void ask("https://аpple.com/login");
    const entry = await waiting();
    const [question] = entry.record.questions;
    expect(question?.header).toBe("xn--pple-43d.com");
    expect(question?.openUrl).toBe("https://xn--pple-43d.com/login");
  });

  it("should allow plain http: on this computer only (127.0.0.0/8, localhost, [::1])", async () => {
    for (const url of [
      "http://127.0.0.1:3000/form",
      "http://127.8.9.10/",
      "http://localhost:8080/",
      "http://[::1]:9000/x",
    ]) {
      const { ask, waiting } = await connect();
      void ask(url);
      const entry = await waiting();
      expect(entry.record.questions[0]?.openUrl).toBe(new URL(url).href);
    }
  });
});

describe("given the source without { url: true }", () => {
  it("should declare forms only, so the SDK's server does not send URLs", async () => {
    const { server, ask } = await connect({ url: false });
    expect(server.getClientCapabilities()?.elicitation).toEqual({ form: {} });
    await expect(ask("https://auth.example.com/")).rejects.toThrow(/does not support url/);
  });

  it("should declare URLs with { url: true }", async () => {
    const { server } = await connect();
    expect(server.getClientCapabilities()?.elicitation).toEqual({ form: {}, url: {} });
  });
});

describe("given a tool call refused with UrlElicitationRequired (-32042)", () => {
  const callTool = async (
    client: Client,
    elicitations: Array<Record<string, string>>,
  ): Promise<unknown> =>
    client.callTool({ name: "pay", arguments: { elicitations } }).then(
      () => null,
      (error: unknown) => error,
    );

  it("should show its URLs as the server's own are shown, and retire them when done", async () => {
    const { client, source, store, complete, waiting, entryOf, refused } = await connect();
    const error = await callTool(client, [
      {
        mode: "url",
        message: "Confirm the payment",
        url: "https://pay.example.com/confirm?cart=1",
        elicitationId: "pay-1",
      },
      { mode: "url", message: "Bad", url: "javascript:alert(1)", elicitationId: "pay-2" },
    ]);
    expect(error).toBeInstanceOf(McpError);
    expect((error as McpError).code).toBe(-32042);
    expect(source.showUrlElicitationError(error)).toBe(true);
    const entry = await waiting();
    expect(entry.record.questions[0]?.header).toBe("pay.example.com");
    expect(refused).toEqual([
      { kind: "url", message: "Bad", reasons: [expect.stringMatching(/not https:/)] },
    ]);
    // Shown again while it waits (a host retrying the tool): still one prompt.
    expect(source.showUrlElicitationError(error)).toBe(true);
    expect(selectPendingPrompts(store.getState(), SCOPE)).toHaveLength(1);

    await store.getState().openUrl(entry.id);
    await complete("pay-1");
    await until(() => entryOf(entry.id)?.status === "answered");
    expect(promptStateOf(entryOf(entry.id)).outcome).toBe("answered");
  });

  it("should leave any other error alone", async () => {
    const { source, store } = await connect();
    expect(source.showUrlElicitationError(new Error("boom"))).toBe(false);
    expect(source.showUrlElicitationError(new McpError(-32603, "internal"))).toBe(false);
    expect(source.showUrlElicitationError(null)).toBe(false);
    expect(store.getState().prompts.size).toBe(0);
  });
});
