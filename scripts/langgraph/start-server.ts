// The local LangGraph server, in a process of its own: `node --import tsx start-server.ts
// [--port N] [--state-dir DIR]` (or PORT / LANGGRAPH_STATE_DIR). It serves the graphs of
// agents.ts as `review`, `ask` and `form`, and ag-ui-graph.ts's as `ag_ui_ask`, keeps its state in
// the state folder (a fresh temporary one, removed on exit, when none is given), prints
// `ready <url>` once `/ok` answers, and flushes its state and exits 0 on SIGINT.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

// The server reads these when its modules load, hence the dynamic import below.
process.env.LANGGRAPH_CLI_NO_ANALYTICS ??= "1";
process.env.LANGSMITH_TRACING ??= "false";
process.env.LOG_LEVEL ??= "warn";

const AGENTS = fileURLToPath(new URL("./agents.ts", import.meta.url));
const AG_UI_GRAPH = fileURLToPath(new URL("./ag-ui-graph.ts", import.meta.url));

/** Graph id → `<absolute file>:<export>`: the server resolves relative paths against its cwd. */
const GRAPHS = {
  review: `${AGENTS}:reviewAgent`,
  ask: `${AGENTS}:askAgent`,
  form: `${AGENTS}:formGraph`,
  ag_ui_ask: `${AG_UI_GRAPH}:agUiAskGraph`,
};

const HOST = "127.0.0.1";
const READY_TIMEOUT_MS = 30_000;

async function waitForOk(url: string): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    try {
      const response = await fetch(`${url}/ok`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`${url}/ok did not answer`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { port: { type: "string" }, "state-dir": { type: "string" } },
  });
  const port = Number(values.port ?? process.env.PORT);
  if (!Number.isInteger(port) || port <= 0) throw new Error("a port is needed: --port N or PORT");
  const given = values["state-dir"] ?? process.env.LANGGRAPH_STATE_DIR;
  const stateDir = given ?? (await mkdtemp(join(tmpdir(), "langgraph-state-")));

  const { startServer } = await import("@langchain/langgraph-api/server");
  const { cleanup } = await startServer({
    port,
    host: HOST,
    nWorkers: 10,
    cwd: stateDir,
    graphs: GRAPHS,
  });

  let stopping = false;
  const stop = async (): Promise<void> => {
    if (stopping) return;
    stopping = true;
    await cleanup();
    if (given === undefined) await rm(stateDir, { recursive: true, force: true });
    process.exit(0);
  };
  process.on("SIGINT", () => void stop());
  process.on("SIGTERM", () => void stop());

  const url = `http://${HOST}:${port}`;
  await waitForOk(url);
  process.stdout.write(`ready ${url}\n`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
