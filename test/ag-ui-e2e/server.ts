// The servers of `npm run test:ag-ui`: the test pages, built by Vite in production mode into
// temporary folders and served on 127.0.0.1, a real CopilotKit runtime with a scripted model
// (copilotkit-server.ts), and the local LangGraph server (scripts/langgraph/) that the runtime's
// agent `langgraph` runs the graph `ag_ui_ask` on, all started at once. The README's CopilotKit
// page is served by an origin that also serves the runtime under /api/copilotkit, its
// `runtimeUrl`.
import { rm } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { type RunningLangGraphServer, startLangGraphServer } from "../../scripts/langgraph/server";
import { serveStatic } from "../consumer/static-server";
import { buildTestPage } from "../e2e-support/build-page";
import { prepareCopilotKitPage } from "./copilotkit-page-prepare";
import {
  COPILOTKIT_BASE_PATH,
  type CopilotKitServer,
  startCopilotKitServer,
} from "./copilotkit-server";

const PAGE_ROOT = fileURLToPath(new URL("./page/", import.meta.url));

/** The page, the runtime and the LangGraph server, running. */
export type AgUiPageServer = {
  /** The page's URL (without its query). */
  url: string;
  /** The README's CopilotKit page, its origin serving the runtime too. */
  copilotKitUrl: string;
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
  // The pages build one after the other: two builds at once only contend for the cores.
  const building = buildPage().then(async (root) => ({
    root,
    copilotKitRoot: await prepareCopilotKitPage().catch(async (error: unknown) => {
      await rm(root, { recursive: true, force: true });
      throw error;
    }),
  }));
  const [langgraph, runtime, pages] = await Promise.allSettled([
    startingLangGraph,
    startCopilotKitServer({ langgraphUrl }),
    building,
  ]);
  if (
    langgraph.status === "rejected" ||
    runtime.status === "rejected" ||
    pages.status === "rejected"
  ) {
    await Promise.all([
      langgraph.status === "fulfilled" ? langgraph.value.stop() : undefined,
      runtime.status === "fulfilled" ? runtime.value.close() : undefined,
      pages.status === "fulfilled" ? removePages(pages.value) : undefined,
    ]);
    const failed = [langgraph, runtime, pages].find((result) => result.status === "rejected");
    throw failed?.reason;
  }
  return serve(pages.value, runtime.value, langgraph.value);
}

type BuiltPages = { root: string; copilotKitRoot: string };

const removePages = (pages: BuiltPages) =>
  Promise.all(
    [pages.root, pages.copilotKitRoot].map((folder) =>
      rm(folder, { recursive: true, force: true }),
    ),
  );

async function serve(
  pages: BuiltPages,
  runtime: CopilotKitServer,
  langgraph: RunningLangGraphServer,
): Promise<AgUiPageServer> {
  const page = await serveStatic(pages.root);
  const copilotKitPage = await serveStatic(pages.copilotKitRoot, (request, response, next) => {
    if ((request.url ?? "").startsWith(`${COPILOTKIT_BASE_PATH}/`))
      runtime.handle(request, response);
    else next();
  });
  return {
    url: page.url,
    copilotKitUrl: copilotKitPage.url,
    runtime,
    langgraphUrl: langgraph.url,
    close: async () => {
      await page.close();
      await copilotKitPage.close();
      await runtime.close();
      await langgraph.stop();
      await removePages(pages);
    },
  };
}
