// `npm start`: the embedded mock gateway (or a real one), the demo agent and the demo page, as a
// production build; `npm run dev` (`--dev`) serves it from Vite's dev server with hot reload.
import { describeUrlForLog } from "../src/gateway/socket-support";
import { buildPlugin } from "./build-plugin";
import { parseCliArgs } from "./cli-args";
import { freeLoopbackPort, isLoopbackPortFree } from "./demo/free-port";
import { startDemo } from "./demo/start-demo";
import { readSharedToken, TOKEN_FLAG_USAGE, TOKEN_VARIABLE, tokenUsageLines } from "./shared-token";

/** The page's port unless --port says otherwise: the same link every time. */
const DEFAULT_PORT = 5199;

const USAGE = [
  "usage: npm start [-- --gateway ws://127.0.0.1:18789 | --openclaw [--tool-search]] [--port <port>] [--dev]",
  `  --port         the page's port (default ${DEFAULT_PORT}; another free one if that is taken)`,
  "  --dev          Vite's dev server with hot reload instead of the production build (npm run dev)",
  "  --openclaw     run the real OpenClaw gateway (installed into the cache on first use) with a",
  "                 scripted model: the page chats with a real agent that asks through ask_user",
  "  --tool-search  with --openclaw: offer ask_user through Tool Search's tool_call",
  "  --control-ui   with --openclaw: build and install the Control UI plugin, and print the",
  "                 real Control UI's URL (the kit's dock in place of its composer)",
  ...tokenUsageLines("With --gateway, the gateway's shared token is"),
  TOKEN_FLAG_USAGE,
].join("\n");

const { values } = parseCliArgs(
  {
    options: {
      gateway: { type: "string" },
      openclaw: { type: "boolean" },
      "tool-search": { type: "boolean" },
      "control-ui": { type: "boolean" },
      token: { type: "string" },
      port: { type: "string" },
      dev: { type: "boolean" },
    },
  },
  USAGE,
);
const MAX_PORT = 65_535;
const port = values.port === undefined ? undefined : Number(values.port);
if (port !== undefined && !(Number.isInteger(port) && port >= 1 && port <= MAX_PORT)) {
  console.error(
    `--port must be a whole number from 1 to ${MAX_PORT}, got "${values.port}".\n${USAGE}`,
  );
  process.exit(2);
}
const token = readSharedToken(values.token);
if (values.openclaw === true && values.gateway !== undefined) {
  console.error(`--openclaw starts its own gateway: leave out --gateway.\n${USAGE}`);
  process.exit(2);
}
if (values["control-ui"] === true && values.openclaw !== true) {
  console.error(`--control-ui needs --openclaw.\n${USAGE}`);
  process.exit(2);
}
if (values["tool-search"] === true && values.openclaw !== true) {
  console.error(`--tool-search needs --openclaw.\n${USAGE}`);
  process.exit(2);
}
if (values.gateway !== undefined && !token) {
  console.error(`--gateway needs the gateway's shared token in ${TOKEN_VARIABLE}.\n${USAGE}`);
  process.exit(2);
}

async function buildPluginWithProgress(): Promise<string> {
  console.log("Building the Control UI plugin (npm run build:plugin)...");
  const archive = await buildPlugin();
  console.log(`Plugin: ${archive}`);
  return archive;
}

/** --port is taken as given; the default falls back to a free port, said so. */
async function pagePort(): Promise<number> {
  if (port !== undefined) return port;
  if (await isLoopbackPortFree(DEFAULT_PORT)) return DEFAULT_PORT;
  const fallback = await freeLoopbackPort();
  console.log(`Port ${DEFAULT_PORT} is in use: serving on ${fallback} (pass --port to choose).`);
  return fallback;
}

try {
  const demo = await startDemo({
    port: await pagePort(),
    production: values.dev !== true,
    langgraph: true,
    log: console.log,
    ...(values.gateway !== undefined && token ? { gateway: { url: values.gateway, token } } : {}),
    ...(values.openclaw === true
      ? {
          openclaw: {
            toolSearch: values["tool-search"] === true,
            ...(values["control-ui"] === true ? { plugin: await buildPluginWithProgress() } : {}),
          },
        }
      : {}),
  });
  console.log(`Demo:    ${demo.pageUrl}`);
  console.log(
    `Gateway: ${describeUrlForLog(demo.gatewayUrl)}${demo.mode === "mock" ? " (embedded mock)" : ""}`,
  );
  console.log(
    demo.langgraphUrl === null
      ? `LangGraph: not running (${demo.langgraphError ?? "not started"}); the other stacks work`
      : `LangGraph: ${demo.langgraphUrl} (the page's LangGraph stack, through /langgraph)`,
  );
  if (values["control-ui"] === true) {
    console.log(`Control UI: ${demo.pageUrl}control-ui`);
    console.log("  (the real OpenClaw Control UI, with the kit's dock in place of its composer)");
  }
  if (demo.agent === "openclaw") {
    console.log(
      'Agent:   OpenClaw with a scripted model: send "deploy", "set up the project", "run the checks" or "quick deploy".',
    );
  }
  console.log("Press Ctrl+C to stop.");
  const stop = () => {
    demo.close().finally(() => process.exit(0));
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
