/**
 * `npm run gateway [-- --port N --token T --host H]`: the mock protocol-4 gateway until Ctrl+C; on
 * loopback by default. With `--host 0.0.0.0`, devices from other hosts wait for approval, given by
 * typing `approve <requestId>`.
 */
import { createInterface } from "node:readline";
import { createMockGateway } from "../src/testing/mock-gateway";
import { parseCliArgs } from "./cli-args";

const { values } = parseCliArgs(
  {
    options: {
      port: { type: "string" },
      host: { type: "string" },
      token: { type: "string" },
      "allowed-origin": { type: "string", multiple: true },
    },
  },
  "usage: npm run gateway [-- --port N] [--host ADDRESS] [--token T] [--allowed-origin URL ...]",
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
  ...(values.host === undefined ? {} : { host: values.host }),
  ...(values.token === undefined ? {} : { token: values.token }),
  ...(values["allowed-origin"] === undefined ? {} : { allowedOrigins: values["allowed-origin"] }),
});

console.log(`Mock gateway (protocol 4) listening on ${gateway.url}`);
if (values.host !== undefined && !["127.0.0.1", "localhost", "::1"].includes(values.host)) {
  console.log(`  and on ${values.host}, port ${gateway.port}, for other hosts`);
}
console.log("Shared token (pass it with --token or ASK_USER_GATEWAY_TOKEN; never in a URL):");
console.log(gateway.token);
console.log("");
console.log("Ask a question from another terminal:");
console.log(
  `  ASK_USER_GATEWAY_URL=${gateway.url} ASK_USER_GATEWAY_TOKEN=<token> npm run ask -- scripts/examples/deploy.json`,
);
console.log("Questions live in memory only. Ctrl+C stops the gateway.");

// Devices connecting from another host wait for approval, as on the real gateway.
const PAIRING_POLL_MS = 1_000;
const announced = new Set<string>();
const pairingPoll = setInterval(() => {
  for (const request of gateway.pendingPairings()) {
    if (announced.has(request.requestId)) continue;
    announced.add(request.requestId);
    console.log(`Device ${request.deviceId.slice(0, 12)}… waits for pairing approval.`);
    console.log(`  Type: approve ${request.requestId}`);
  }
}, PAIRING_POLL_MS);
createInterface({ input: process.stdin }).on("line", (line) => {
  const [command, requestId] = line.trim().split(/\s+/);
  if (command !== "approve" || requestId === undefined) {
    if (line.trim() !== "") console.log("Commands: approve <requestId>");
    return;
  }
  console.log(
    gateway.approvePairing(requestId)
      ? `Approved ${requestId}; the device connects on its next retry.`
      : `No pending pairing request ${requestId}.`,
  );
});

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  console.log("\nStopping the mock gateway.");
  clearInterval(pairingPoll);
  await gateway.close();
  process.exit(0);
};
process.on("SIGINT", () => void stop());
process.on("SIGTERM", () => void stop());
