// The README's AI SDK route as a host's server runs it, on the Node of the run: serves the built
// app (dist/) and POST /api/chat through server/chat-route.js. Prints its URL, then one line per
// chat request, so the test can count them.
import { readFile } from "node:fs/promises";
import { createServer } from "node:http";
import { extname, join, normalize, resolve } from "node:path";
import { Readable } from "node:stream";
import { POST } from "./server/chat-route.js";

const ROOT = resolve("dist");
const TYPES = { ".html": "text/html; charset=utf-8", ".js": "text/javascript", ".css": "text/css" };

async function chat(request, response) {
  const chunks = [];
  for await (const chunk of request) chunks.push(chunk);
  console.log("POST /api/chat");
  const reply = await POST(
    new Request(`http://${request.headers.host}${request.url}`, {
      method: "POST",
      headers: { "content-type": String(request.headers["content-type"] ?? "") },
      body: Buffer.concat(chunks),
    }),
  );
  response.writeHead(reply.status, Object.fromEntries(reply.headers));
  if (reply.body === null) response.end();
  else Readable.fromWeb(reply.body).pipe(response);
}

const server = createServer((request, response) => {
  const path = new URL(request.url ?? "/", "http://127.0.0.1").pathname;
  if (request.method === "POST" && path === "/api/chat") {
    chat(request, response).catch((error) => {
      response.writeHead(500).end(String(error));
    });
    return;
  }
  const file = normalize(join(ROOT, path === "/" ? "index.html" : path));
  if (!file.startsWith(ROOT)) {
    response.writeHead(403).end();
    return;
  }
  readFile(file).then(
    (body) => response.writeHead(200, { "content-type": TYPES[extname(file)] ?? "" }).end(body),
    () => response.writeHead(404).end(),
  );
});
server.listen(0, "127.0.0.1", () => {
  console.log(`listening on http://127.0.0.1:${server.address().port}/ (Node ${process.version})`);
});
