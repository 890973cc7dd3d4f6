/**
 * `npm run bench`: store figures on this machine. Events go through `reduceQuestionBatch`, the
 * path the store uses for each burst of gateway events. Then the browser part (bench/show-page.ts):
 * what the demo page's main thread does from a question's frame to the paint that shows the dock.
 * Last (bench/cold-first.ts): the first question after a fresh page load, on the real gateway,
 * beside OpenClaw's own Control UI. Figures are printed, never asserted.
 */
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import type { GatewayClient, GatewayClientEvent, QuestionApi } from "../src/gateway/types";
import type { QuestionRecord } from "../src/protocol/types";
import type { QuestionAction } from "../src/store/actions";
import { createQuestionStore } from "../src/store/create-question-store";
import { createInitialState } from "../src/store/initial-state";
import { reduceQuestionBatch, reduceQuestions } from "../src/store/reducer";
import { benchColdFirst } from "./bench/cold-first";
import { benchDockShow } from "./bench/show-page";

const SMALL_EVENT_COUNT = 1_000;
const LARGE_EVENT_COUNT = 10_000;
const HUGE_EVENT_COUNT = 40_000;
const EVENT_COUNTS = [SMALL_EVENT_COUNT, LARGE_EVENT_COUNT, HUGE_EVENT_COUNT];
const MAX_LINEAR_RATIO = 12;
const HYDRATED_PROMPTS = 1_000;
const TERMINAL_PROMPTS = 10_000;
const START_MS = 1_800_000_000_000;
const LIFETIME_MS = 900_000;
const BYTES_PER_MB = 1024 * 1024;
const WARMUP_ROUNDS = 5;
const MEASURED_ROUNDS = 9;

function record(index: number): QuestionRecord {
  return {
    id: `ask_${index.toString(16).padStart(32, "0")}`,
    questions: [
      {
        questionId: "target",
        header: "Target",
        question: "Where should this deploy go?",
        options: [{ label: "Staging (Recommended)" }, { label: "Production" }],
        isOther: true,
      },
    ],
    sessionKey: `agent:main:session-${index % 10}`,
    runId: `run-${index}`,
    createdAtMs: START_MS + index,
    expiresAtMs: START_MS + index + LIFETIME_MS,
    status: "pending",
  };
}

/** A stream where every prompt is requested, then answered, so the store keeps growing. */
function events(count: number): QuestionAction[] {
  const actions: QuestionAction[] = [];
  for (let index = 0; actions.length < count; index += 1) {
    const atMs = START_MS + index;
    actions.push({ type: "question-requested", record: record(index), atMs });
    const answers = { answers: { target: ["Production"] } };
    actions.push({
      type: "question-resolved",
      event: { id: record(index).id, status: "answered", answers },
      atMs,
    });
  }
  return actions.slice(0, count);
}

function time(run: () => void): number {
  const started = performance.now();
  run();
  return performance.now() - started;
}

function verdict(ratio: number): string {
  return ratio <= MAX_LINEAR_RATIO ? "PASS" : "FAIL";
}

/** Median of several alternating rounds, collecting garbage first, so load from other processes skews less. */
function medianAlternating(collect: () => void, runs: Array<() => void>): number[] {
  const samples = runs.map((): number[] => []);
  for (let round = 0; round < MEASURED_ROUNDS; round += 1) {
    runs.forEach((run, index) => {
      collect();
      samples[index]?.push(time(run));
    });
  }
  return samples.map((values) => {
    const sorted = [...values].sort((left, right) => left - right);
    return sorted[Math.floor(sorted.length / 2)] ?? 0;
  });
}

function benchEvents(collect: () => void): void {
  const small = events(SMALL_EVENT_COUNT);
  const large = events(LARGE_EVENT_COUNT);
  for (let round = 0; round < WARMUP_ROUNDS; round += 1)
    reduceQuestionBatch(createInitialState(START_MS), small);
  const [batchSmall = 0, batchLarge = 0] = medianAlternating(collect, [
    () => reduceQuestionBatch(createInitialState(START_MS), small),
    () => reduceQuestionBatch(createInitialState(START_MS), large),
  ]);
  const batchRatio = batchLarge / batchSmall;
  console.log(
    `apply ${SMALL_EVENT_COUNT} events (store path, one batch): ${batchSmall.toFixed(1)} ms`,
  );
  console.log(
    `apply ${LARGE_EVENT_COUNT} events (store path, one batch): ${batchLarge.toFixed(1)} ms`,
  );
  console.log(
    `ratio ${batchRatio.toFixed(2)} (linear growth needs <= ${MAX_LINEAR_RATIO}): ${verdict(batchRatio)}`,
  );

  // The 1,000-event run fits in the CPU caches and barely meets the collector; from about 5,000
  // events on it does not. That step, not the reducer, is what moves the ratio between runs, so
  // the cost per event is also printed for a store four times larger: flat means linear.
  const huge = events(HUGE_EVENT_COUNT);
  const [perSmall, perLarge, perHuge] = medianAlternating(collect, [
    () => reduceQuestionBatch(createInitialState(START_MS), small),
    () => reduceQuestionBatch(createInitialState(START_MS), large),
    () => reduceQuestionBatch(createInitialState(START_MS), huge),
  ]).map((ms, index) => (ms * 1000) / (EVENT_COUNTS[index] ?? 1));
  console.log(
    `per event: ${perSmall?.toFixed(2)} µs at ${SMALL_EVENT_COUNT}, ${perLarge?.toFixed(2)} µs at ${LARGE_EVENT_COUNT}, ${perHuge?.toFixed(2)} µs at ${HUGE_EVENT_COUNT} (flat from about 5,000 on means linear)`,
  );

  const single = (actions: QuestionAction[]) => () => {
    actions.reduce((state, action) => reduceQuestions(state, action), createInitialState(START_MS));
  };
  collect();
  const singleSmall = time(single(small));
  collect();
  const singleLarge = time(single(large));
  console.log(
    `for contrast, one reduceQuestions call per event: ${singleSmall.toFixed(1)} ms / ${singleLarge.toFixed(1)} ms, ratio ${(singleLarge / singleSmall).toFixed(2)} (each call copies the prompt map, O(n))`,
  );
}

function fakeApi(records: QuestionRecord[]): QuestionApi {
  const state = { status: "connected", connectionId: 1, clockOffsetMs: 0 } as unknown as ReturnType<
    GatewayClient["getState"]
  >;
  const client: GatewayClient = {
    connect: () => undefined,
    close: () => undefined,
    getState: () => state,
    getConnectionId: () => 1,
    getClockOffsetMs: () => 0,
    request: () => Promise.reject(new Error("not used")),
    subscribe: (_listener: (event: GatewayClientEvent) => void) => () => undefined,
    clock: { now: () => START_MS, setTimeout: () => 0, clearTimeout: () => undefined },
    url: "ws://127.0.0.1:0",
  };
  return {
    client,
    list: async () => records,
    get: () => Promise.reject(new Error("not used")),
    resolve: () => Promise.reject(new Error("not used")),
    cancel: () => Promise.reject(new Error("not used")),
    request: () => Promise.reject(new Error("not used")),
    waitAnswer: () => Promise.reject(new Error("not used")),
    onRequested: () => () => undefined,
    onResolved: () => () => undefined,
  };
}

async function benchHydration(): Promise<void> {
  const records = Array.from({ length: HYDRATED_PROMPTS }, (_, index) => record(index));
  const store = createQuestionStore({ api: fakeApi(records), storage: null, gatewayKey: "bench" });
  const started = performance.now();
  await new Promise<void>((resolve) => {
    const unsubscribe = store.subscribe((state) => {
      if (state.hydration.status !== "done") return;
      unsubscribe();
      resolve();
    });
    store.getState().start();
  });
  const elapsed = performance.now() - started;
  store.getState().stop();
  console.log(
    `hydrate ${HYDRATED_PROMPTS} pending prompts: ${elapsed.toFixed(1)} ms (${store.getState().prompts.size} prompts)`,
  );
}

function collector(): () => void {
  setFlagsFromString("--expose-gc");
  const gc: unknown = runInNewContext("gc");
  return typeof gc === "function" ? () => gc() : () => undefined;
}

function benchHeap(collect: () => void): void {
  const stream = events(TERMINAL_PROMPTS * 2);
  collect();
  const before = process.memoryUsage().heapUsed;
  const state = reduceQuestionBatch(createInitialState(START_MS), stream);
  stream.length = 0;
  collect();
  const after = process.memoryUsage().heapUsed;
  const terminal = [...state.prompts.values()].filter(
    (entry) => entry.status === "answered",
  ).length;
  console.log(
    `heap for ${terminal} terminal prompts: ${((after - before) / BYTES_PER_MB).toFixed(1)} MB`,
  );
}

const collect = collector();
benchEvents(collect);
await benchHydration();
benchHeap(collect);
await benchDockShow();
await benchColdFirst();
