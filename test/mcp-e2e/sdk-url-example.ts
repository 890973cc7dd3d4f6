// The MCP SDK's own URL elicitation example server (`examples/server/elicitationUrlExample.js` of
// @modelcontextprotocol/sdk), run as it ships, in a child process on free loopback ports: its MCP
// route and its demo OAuth authorization server. Its tools answer only after that OAuth flow,
// which the demo approves without a login page, so a browser completes it headlessly.
import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";

const EXAMPLE = fileURLToPath(
  new URL(
    "../../node_modules/@modelcontextprotocol/sdk/dist/esm/examples/server/elicitationUrlExample.js",
    import.meta.url,
  ),
);
const LOOPBACK_ONLY = new URL("./loopback-only.mjs", import.meta.url).href;
const START_TIMEOUT_MS = 20_000;

/** The example server, running. */
export type SdkUrlExample = {
  /** Its MCP endpoint, named as the example names it (`http://localhost:<port>/mcp`). */
  mcpUrl: string;
  /** What it printed so far (for a failing case's message). */
  log(): string;
  close(): Promise<void>;
};

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address !== null ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** Starts the example on two free loopback ports and waits until both servers listen. */
export async function startSdkUrlExample(): Promise<SdkUrlExample> {
  const [mcpPort, authPort] = [await freePort(), await freePort()];
  const child: ChildProcess = spawn(process.execPath, ["--import", LOOPBACK_ONLY, EXAMPLE], {
    env: { ...process.env, MCP_PORT: String(mcpPort), MCP_AUTH_PORT: String(authPort) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`the SDK's URL example did not start:\n${output}`)),
      START_TIMEOUT_MS,
    );
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (
        output.includes("OAuth Authorization Server listening") &&
        output.includes("MCP Streamable HTTP Server listening")
      ) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on("data", read);
    child.stderr?.on("data", read);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`the SDK's URL example exited (${code}):\n${output}`));
    });
  });
  return {
    mcpUrl: `http://localhost:${mcpPort}/mcp`,
    log: () => output,
    close: async () => {
      if (child.exitCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
}
