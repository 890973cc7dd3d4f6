/**
 * `npm run gateway [-- --port N --token T]`: the mock protocol-4 gateway on loopback until Ctrl+C.
 */
import { parseArgs } from "node:util";
import { createMockGateway } from "../src/testing/mock-gateway";

const { values } = parseArgs({
  options: {
    port: { type: "string" },
    token: { type: "string" },
    "allowed-origin": { type: "string", multiple: true },
  },
});

const port = values.port === undefined ? 0 : Number.parseInt(values.port, 10);
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  console.error(`--port must be a TCP port number, got ${values.port}`);
  process.exit(2);
}

const gateway = await createMockGateway({
  port,
  ...(values.token === undefined ? {} : { token: values.token }),
  ...(values["allowed-origin"] === undefined ? {} : { allowedOrigins: values["allowed-origin"] }),
});

console.log(`Mock gateway (protocol 4) listening on ${gateway.url}`);
console.log("Shared token (pass it with --token or ASK_USER_GATEWAY_TOKEN; never in a URL):");
console.log(gateway.token);
console.log("");
console.log("Ask a question from another terminal:");
console.log(
  `  ASK_USER_GATEWAY_URL=${gateway.url} ASK_USER_GATEWAY_TOKEN=<token> npm run ask -- examples/deploy.json`,
);
console.log("Questions live in memory only. Ctrl+C stops the gateway.");

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  console.log("\nStopping the mock gateway.");
  await gateway.close();
  process.exit(0);
};
process.on("SIGINT", () => void stop());
process.on("SIGTERM", () => void stop());
