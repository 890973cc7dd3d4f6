import { createServer } from "node:net";

/** Finds a free TCP port on 127.0.0.1. */
export function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** True when `port` on 127.0.0.1 can be listened on now. */
export function isLoopbackPortFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

const RUN_ATTEMPTS = 50;

/**
 * Finds a port on 127.0.0.1 that is free with the `count - 1` ports after it: OpenClaw's gateway
 * listens on its port and, once started, on the two after it (sandbox host, browser control).
 */
export async function freeLoopbackPortRun(count: number): Promise<number> {
  for (let attempt = 0; attempt < RUN_ATTEMPTS; attempt += 1) {
    const port = await freeLoopbackPort();
    if (port + count - 1 > 65_535) continue;
    let free = true;
    for (let next = port + 1; free && next < port + count; next += 1) {
      free = await isLoopbackPortFree(next);
    }
    if (free) return port;
  }
  throw new Error(`no ${count} free ports in a row on 127.0.0.1 after ${RUN_ATTEMPTS} tries`);
}
