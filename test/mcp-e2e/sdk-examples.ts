// The MCP SDK's own example servers (`examples/server/*.js` of @modelcontextprotocol/sdk), run as
// they ship, in a child process on free loopback ports. The URL example (`elicitationUrlExample`)
// serves its MCP route and its demo OAuth authorization server; its tools answer only after that
// OAuth flow, which the demo approves without a login page, so a browser completes it headlessly.
// The form example (`elicitationFormExample`) serves its MCP route alone, written for Node
// clients: it sends no CORS headers, so a page reaches it through a proxy that adds them.
import { type ChildProcess, spawn } from "node:child_process";
import { createServer as createHttpServer, request as forward } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { freeLoopbackPort } from "../../scripts/demo/free-port";

const exampleFile = (name: string): string =>
  fileURLToPath(
    new URL(
      `../../node_modules/@modelcontextprotocol/sdk/dist/esm/examples/server/${name}.js`,
      import.meta.url,
    ),
  );
const LOOPBACK_ONLY = new URL("./loopback-only.mjs", import.meta.url).href;
const START_TIMEOUT_MS = 20_000;

/** An example server, running. */
export type SdkExample = {
  /** Its MCP endpoint, named as the example names it (`http://localhost:<port>/mcp`). */
  mcpUrl: string;
  /** What it printed so far (for a failing case's message). */
  log(): string;
  close(): Promise<void>;
};

/** Starts example `name` with `env` and waits until it printed each of `ready`. */
async function startSdkExample(
  name: string,
  mcpPort: number,
  env: Record<string, string>,
  ready: readonly string[],
): Promise<SdkExample> {
  const child: ChildProcess = spawn(
    process.execPath,
    ["--import", LOOPBACK_ONLY, exampleFile(name)],
    {
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let output = "";
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`the SDK's ${name} did not start:\n${output}`)),
      START_TIMEOUT_MS,
    );
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (ready.every((line) => output.includes(line))) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on("data", read);
    child.stderr?.on("data", read);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`the SDK's ${name} exited (${code}):\n${output}`));
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

/** Starts the URL example on two free loopback ports (MCP and OAuth) and waits until both listen. */
export async function startSdkUrlExample(): Promise<SdkExample> {
  const [mcpPort, authPort] = [await freeLoopbackPort(), await freeLoopbackPort()];
  return startSdkExample(
    "elicitationUrlExample",
    mcpPort,
    { MCP_PORT: String(mcpPort), MCP_AUTH_PORT: String(authPort) },
    ["OAuth Authorization Server listening", "MCP Streamable HTTP Server listening"],
  );
}

const CORS_HEADERS = {
  "access-control-allow-origin": "*",
  "access-control-expose-headers": "mcp-session-id, mcp-protocol-version",
};

/**
 * A loopback proxy to `port` that answers a browser's preflight and adds CORS headers to every
 * response, streaming both ways (an elicitation travels inside a tool call's open response).
 */
async function corsProxy(port: number): Promise<{ port: number; close(): Promise<void> }> {
  const proxy = createHttpServer((request, response) => {
    if (request.method === "OPTIONS") {
      response
        .writeHead(204, {
          ...CORS_HEADERS,
          "access-control-allow-methods": "GET, POST, DELETE, OPTIONS",
          "access-control-allow-headers": request.headers["access-control-request-headers"] ?? "*",
        })
        .end();
      return;
    }
    const upstream = forward(
      {
        host: "127.0.0.1",
        port,
        path: request.url,
        method: request.method,
        headers: { ...request.headers, host: `127.0.0.1:${port}` },
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, { ...answer.headers, ...CORS_HEADERS });
        answer.pipe(response);
      },
    );
    upstream.on("error", () => response.destroy());
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  return {
    port: (proxy.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        proxy.closeAllConnections();
        proxy.close(() => resolve());
      }),
  };
}

/** Starts the form example on a free loopback port, behind a CORS proxy, once it listens. */
export async function startSdkFormExample(): Promise<SdkExample> {
  const mcpPort = await freeLoopbackPort();
  const example = await startSdkExample(
    "elicitationFormExample",
    mcpPort,
    { PORT: String(mcpPort) },
    ["Form elicitation example server is running"],
  );
  const proxy = await corsProxy(mcpPort);
  return {
    mcpUrl: `http://localhost:${proxy.port}/mcp`,
    log: example.log,
    close: async () => {
      await proxy.close();
      await example.close();
    },
  };
}
