import type { QuestionRecord } from "../../../src/protocol/types";
import { createQuestionStore } from "../../../src/store/create-question-store";
import type { DraftStorage } from "../../../src/store/types";
import { createManualClock } from "../../../src/testing/manual-clock";
import { createFakeApi } from "./fake-api";
import { settle } from "./harness";
import { makeRecord, START_MS } from "./records";

/** The gateway key every page load uses, so a second load reads what the first stored. */
export const PAGE_GATEWAY = "ws://gateway.test";

export type PageOptions = { nowMs?: number; online?: boolean };

/**
 * One page load over `storage` (null: nothing survives a reload): a started store whose gateway
 * lists `records`, answers resolve and cancel, and refuses `question.get` until a test says how.
 */
export async function openPage(
  storage: DraftStorage | null,
  records: QuestionRecord[] = [makeRecord()],
  { nowMs = START_MS, online = true }: PageOptions = {},
) {
  const clock = createManualClock(nowMs);
  const api = createFakeApi(clock);
  api.listImpl = async () => records;
  api.getImpl = () => Promise.reject(new Error("get must not be called"));
  api.resolveImpl = async (_id, answers) => ({ status: "answered", answers });
  api.cancelImpl = async () => ({ status: "cancelled" });
  const store = createQuestionStore({ api, clock, storage, gatewayKey: PAGE_GATEWAY });
  store.getState().start();
  if (online) api.setConnected(1);
  await settle(0);
  const fill = () => {
    store.getState().chooseOption("q1", "target", "Production");
    store.getState().chooseOption("q1", "checks", "Tests");
  };
  const connect = async (connectionId = 2) => {
    api.setConnected(connectionId);
    await settle(0);
  };
  return { clock, api, store, fill, connect };
}

export type Page = Awaited<ReturnType<typeof openPage>>;
