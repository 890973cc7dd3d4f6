// The servers of `npm run test:ag-ui`: the test page, built by Vite in production mode into a
// temporary folder and served on 127.0.0.1, a real CopilotKit runtime with a scripted model
// (copilotkit-server.ts), and the local LangGraph server (scripts/langgraph/) that the runtime's
// agent `langgraph` runs the graph `ag_ui_ask` on, all three started at once.
import { rm } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { type RunningLangGraphServer, startLangGraphServer } from "../../scripts/langgraph/server";
import { serveStatic } from "../consumer/static-server";
import { buildTestPage } from "../e2e-support/build-page";
import { type CopilotKitServer, startCopilotKitServer } from "./copilotkit-server";

const PAGE_ROOT = fileURLToPath(new URL("./page/", import.meta.url));

/** The page, the runtime and the LangGraph server, running. */
export type AgUiPageServer = {
  /** The page's URL (without its query). */
  url: string;
  runtime: CopilotKitServer;
  /** The LangGraph server's base URL, for `new Client({ apiUrl })`. */
  langgraphUrl: string;
  close(): Promise<void>;
};

const buildPage = () => buildTestPage(PAGE_ROOT, "ag-ui");

const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;

/** Starts the LangGraph server and the runtime while the page builds, then serves the page. */
export async function startAgUiPageServer(): Promise<AgUiPageServer> {
  const startedAt = Date.now();
  const startingLangGraph = startLangGraphServer().then((server) => {
    console.log(`  LangGraph server ${server.url} ready in ${seconds(Date.now() - startedAt)}`);
    return server;
  });
  // The runtime loads meanwhile and makes its `langgraph` agent once the URL is known.
  const langgraphUrl = startingLangGraph.then((server) => server.url);
  langgraphUrl.catch(() => undefined);
  const [langgraph, runtime, root] = await Promise.allSettled([
    startingLangGraph,
    startCopilotKitServer({ langgraphUrl }),
    buildPage(),
  ]);
  if (
    langgraph.status === "rejected" ||
    runtime.status === "rejected" ||
    root.status === "rejected"
  ) {
    await Promise.all([
      langgraph.status === "fulfilled" ? langgraph.value.stop() : undefined,
      runtime.status === "fulfilled" ? runtime.value.close() : undefined,
      root.status === "fulfilled" ? rm(root.value, { recursive: true, force: true }) : undefined,
    ]);
    const failed = [langgraph, runtime, root].find((result) => result.status === "rejected");
    throw failed?.reason;
  }
  return serve(root.value, runtime.value, langgraph.value);
}

async function serve(
  root: string,
  runtime: CopilotKitServer,
  langgraph: RunningLangGraphServer,
): Promise<AgUiPageServer> {
  const page = await serveStatic(root);
  return {
    url: page.url,
    runtime,
    langgraphUrl: langgraph.url,
    close: async () => {
      await page.close();
      await runtime.close();
      await langgraph.stop();
      await rm(root, { recursive: true, force: true });
    },
  };
}
