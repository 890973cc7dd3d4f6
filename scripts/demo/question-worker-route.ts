import type { IncomingMessage, ServerResponse } from "node:http";
import { fileURLToPath } from "node:url";
import { build, type Rolldown } from "vite";
import { QUESTION_WORKER_PATH } from "../../src/demo/shared/question-worker";

const SOURCE = fileURLToPath(new URL("../../src/notify/question-worker.ts", import.meta.url));

let bundled: Promise<string> | null = null;

/** The drop-in worker as the package builds it (one classic script), built once per server. */
function workerCode(): Promise<string> {
  bundled ??= build({
    configFile: false,
    logLevel: "warn",
    build: {
      write: false,
      minify: false,
      lib: { entry: SOURCE, formats: ["iife"], name: "askUserKitQuestionWorker" },
    },
  }).then((result) => {
    const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
    const chunk = outputs[0]?.output.find((item) => item.type === "chunk");
    if (chunk === undefined || chunk.type !== "chunk") throw new Error("the worker built nothing");
    return chunk.code;
  });
  return bundled;
}

/** Serves the kit's drop-in question worker, as a host serves the packaged file. */
export function questionWorkerRoute(
  request: IncomingMessage,
  response: ServerResponse,
  next: () => void,
): void {
  if (request.method !== "GET" || request.url?.split("?")[0] !== QUESTION_WORKER_PATH) {
    next();
    return;
  }
  workerCode().then(
    (code) => {
      response.writeHead(200, {
        "content-type": "text/javascript; charset=utf-8",
        "cache-control": "no-cache",
      });
      response.end(code);
    },
    (error: unknown) => {
      bundled = null;
      response.writeHead(500, { "content-type": "text/plain; charset=utf-8" });
      response.end(`the question worker did not build: ${String(error)}`);
    },
  );
}
