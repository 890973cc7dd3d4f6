// `npm start`: the embedded mock gateway (or a real one), the demo agent and the demo page.
import { parseArgs } from "node:util";
import { startDemo } from "../demo/server/start-demo";

const USAGE =
  "usage: npm start [-- --gateway ws://127.0.0.1:18789 --token <token>] [--port <port>]";

const { values } = parseArgs({
  options: {
    gateway: { type: "string" },
    token: { type: "string" },
    port: { type: "string" },
    help: { type: "boolean" },
  },
});

if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const token = values.token ?? process.env.OPENCLAW_GATEWAY_TOKEN;
if (values.gateway !== undefined && !token) {
  console.error(`--gateway needs --token (or OPENCLAW_GATEWAY_TOKEN).\n${USAGE}`);
  process.exit(2);
}

try {
  const demo = await startDemo({
    ...(values.gateway !== undefined && token ? { gateway: { url: values.gateway, token } } : {}),
    ...(values.port !== undefined ? { port: Number(values.port) } : {}),
  });
  console.log(`Demo:    ${demo.pageUrl}`);
  console.log(`Gateway: ${demo.gatewayUrl}${demo.mode === "mock" ? " (embedded mock)" : ""}`);
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
