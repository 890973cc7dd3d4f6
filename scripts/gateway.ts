/**
 * `npm run gateway [-- --port N --token T]`: the mock protocol-4 gateway on loopback until Ctrl+C.
 */
import { createMockGateway } from "../src/testing/mock-gateway";
import { parseCliArgs } from "./cli-args";

const { values } = parseCliArgs(
  {
    options: {
      port: { type: "string" },
      token: { type: "string" },
      "allowed-origin": { type: "string", multiple: true },
    },
  },
  "usage: npm run gateway [-- --port N] [--token T] [--allowed-origin URL ...]",
);

const port =
  values.port === undefined ? 0 : values.port.trim() === "" ? Number.NaN : Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  console.error(
    `--port must be a whole number from 0 to 65535 (0 picks a free one), got "${values.port}"`,
  );
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
  `  ASK_USER_GATEWAY_URL=${gateway.url} ASK_USER_GATEWAY_TOKEN=<token> npm run ask -- scripts/examples/deploy.json`,
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
