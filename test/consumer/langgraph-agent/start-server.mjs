// The agent's project of the README's LangChain and LangGraph section, as the consumer test
// serves it: `node --import tsx start-server.mjs <port> <state folder>` starts a LangGraph server
// (startServer of @langchain/langgraph-api, one process) whose graph `agent` is the README's
// langgraph-agent.ts:agent, saved next to this file with the test's model.ts. The graph's imports
// and the server's resolve to this folder's node_modules: one @langchain/langgraph, one
// @langchain/core. Prints `ready <url>` once /ok answers; SIGINT or SIGTERM flushes and exits 0.
import { resolve } from "node:path";

// Read when the server's modules load, hence the dynamic import below.
process.env.LANGGRAPH_CLI_NO_ANALYTICS = "1";
process.env.LANGSMITH_TRACING = "false";
process.env.LOG_LEVEL ??= "warn";

const HOST = "127.0.0.1";
const READY_LIMIT_MS = 30_000;
const [port, stateDir] = process.argv.slice(2).map(String);
if (!/^\d+$/.test(port ?? "") || stateDir === undefined) {
  console.error("usage: node --import tsx start-server.mjs <port> <state folder>");
  process.exit(2);
}

const { startServer } = await import("@langchain/langgraph-api/server");
const { cleanup } = await startServer({
  port: Number(port),
  host: HOST,
  nWorkers: 10,
  // The server keeps its .langgraph_api state there; graph paths are absolute.
  cwd: resolve(stateDir),
  graphs: { agent: `${resolve("langgraph-agent.ts")}:agent` },
});
let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"])
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    await cleanup();
    process.exit(0);
  });

const url = `http://${HOST}:${port}`;
const deadline = Date.now() + READY_LIMIT_MS;
for (;;) {
  const ok = await fetch(`${url}/ok`).then(
    (response) => response.ok,
    () => false,
  );
  if (ok) break;
  if (Date.now() > deadline) throw new Error(`${url}/ok did not answer`);
  await new Promise((done) => setTimeout(done, 50));
}
console.log(`ready ${url}`);
