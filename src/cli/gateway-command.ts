/**
 * The `gateway` command: the mock protocol-4 gateway until Ctrl+C; on loopback by default, with
 * the shared token from ASK_USER_KIT_TOKEN or a generated one. With `--host 0.0.0.0`, devices
 * from other hosts wait for approval, given by typing `approve <requestId>`.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { createMockGateway } from "../testing/mock-gateway";
import { parseCliArgs } from "./cli-args";
import type { CommandNames } from "./command-names";
import { readSharedToken, TOKEN_FLAG_USAGE, TOKEN_VARIABLE, tokenUsageLines } from "./shared-token";

const EXIT_USAGE = 2;
const MAX_PORT = 65_535;
const LOOPBACK_HOSTS = ["127.0.0.1", "localhost", "::1"];
// Devices connecting from another host wait for approval, as on the real gateway.
const PAIRING_POLL_MS = 1_000;

// A generated token goes to a private file, not the terminal, whose output often ends up in shared
// logs; `$(cat file)` hands it to the next command without showing it or putting it in `ps`.
function saveTokenPrivately(token: string): string {
  const dir = mkdtempSync(join(tmpdir(), "ask-user-kit-gateway-"));
  const file = join(dir, "token");
  writeFileSync(file, `${token}\n`, { mode: 0o600, flag: "wx" });
  process.once("exit", () => rmSync(dir, { recursive: true, force: true }));
  return file;
}

/** Starts the mock gateway from command-line `args`; it runs until SIGINT or SIGTERM. */
export async function runGatewayCommand(args: string[], names: CommandNames): Promise<void> {
  const usage = [
    `usage: ${names.gatewayUsage}`,
    ...tokenUsageLines("The shared token is"),
    "  Without one, a token is generated and saved to a file only you can read; its path is printed.",
    TOKEN_FLAG_USAGE,
  ].join("\n");

  const { values } = parseCliArgs(
    {
      options: {
        port: { type: "string" },
        host: { type: "string" },
        token: { type: "string" },
        "allowed-origin": { type: "string", multiple: true },
      },
    },
    usage,
    args,
  );

  const port =
    values.port === undefined ? 0 : values.port.trim() === "" ? Number.NaN : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > MAX_PORT) {
    console.error(
      `--port must be a whole number from 0 to ${MAX_PORT} (0 picks a free one), got "${values.port}"`,
    );
    process.exit(EXIT_USAGE);
  }

  const givenToken = readSharedToken(values.token);
  const gateway = await createMockGateway({
    port,
    ...(values.host === undefined ? {} : { host: values.host }),
    ...(givenToken === undefined ? {} : { token: givenToken }),
    ...(values["allowed-origin"] === undefined ? {} : { allowedOrigins: values["allowed-origin"] }),
  });
  const tokenFile = givenToken === undefined ? saveTokenPrivately(gateway.token) : null;

  console.log(`Mock gateway (protocol 4) listening on ${gateway.url}`);
  if (values.host !== undefined && !LOOPBACK_HOSTS.includes(values.host)) {
    console.log(`  and on ${values.host}, port ${gateway.port}, for other hosts`);
  }
  if (tokenFile === null) {
    console.log(
      `Shared token: the one you gave (${values.token === undefined ? TOKEN_VARIABLE : "--token"}).`,
    );
    console.log("");
    console.log(`Ask a question from another terminal, with ${TOKEN_VARIABLE} set to that token:`);
  } else {
    console.log(
      `Shared token: generated and saved to ${tokenFile} (only you can read it; removed on exit).`,
    );
    console.log("");
    console.log("Ask a question from another terminal:");
    console.log(`  export ${TOKEN_VARIABLE}="$(cat "${tokenFile}")"`);
  }
  console.log(`  ASK_USER_GATEWAY_URL=${gateway.url} ${names.ask} ${names.exampleFile}`);
  console.log("Questions live in memory only. Ctrl+C stops the gateway.");

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
}
