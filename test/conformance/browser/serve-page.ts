import { createServer, type Server } from "node:http";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const GATEWAY_ENTRY = fileURLToPath(new URL("../../../src/gateway/index.ts", import.meta.url));

const PAGE_HTML = `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8" /><title>ask-user-kit browser client</title></head>
  <body>
    <p id="status">loading</p>
    <script type="module">
      import * as gateway from "/gateway.js";
      window.gateway = gateway;
      document.getElementById("status").textContent = "ready";
    </script>
  </body>
</html>`;

/** A page on 127.0.0.1 that exposes the browser bundle of the gateway entry as `window.gateway`. */
export type ServedPage = { origin: string; close(): Promise<void> };

/** Bundles `src/gateway` for the browser and serves it with a tiny page on a free loopback port. */
export async function servePage(): Promise<ServedPage> {
  const bundle = await build({
    entryPoints: [GATEWAY_ENTRY],
    bundle: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    write: false,
    logLevel: "silent",
  });
  const script = bundle.outputFiles[0]?.text ?? "";
  const server: Server = createServer((request, response) => {
    if (request.url === "/gateway.js") {
      response.writeHead(200, { "content-type": "text/javascript" });
      response.end(script);
      return;
    }
    if (request.url === "/" || request.url === "/index.html") {
      response.writeHead(200, { "content-type": "text/html" });
      response.end(PAGE_HTML);
      return;
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address !== null ? address.port : 0;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
