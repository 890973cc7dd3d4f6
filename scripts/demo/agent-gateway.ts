import type { GatewayClient, QuestionApi } from "../../src/gateway/types";
import { type ScriptedModel, startScriptedModel } from "../../src/testing/index";
import { startPeer } from "../../test/conformance/peers";
import { ensurePeer } from "../peer-install";
import { demoModelScenarios } from "./scripted-agent";

/** The start server's scopes with a real agent: it cancels questions and aborts runs on stop. */
export const AGENT_SCOPES = [
  "operator.read",
  "operator.write",
  "operator.questions",
  "operator.admin",
];

const PROGRESS_EVERY_MS = 10_000;
const MS_PER_SECOND = 1000;

/** The real gateway running an agent on the scripted model, for `startDemo({ openclaw })`. */
export type AgentGateway = {
  gateway: { url: string; token: string };
  model: ScriptedModel;
  close(): Promise<void>;
};

/** Installs the gateway on first use, starts the scripted model and the gateway on it, with progress. */
export async function startAgentGateway(options: {
  openclaw?: { toolSearch?: boolean; plugin?: string };
  log?: (line: string) => void;
}): Promise<AgentGateway> {
  const log = options.log ?? (() => undefined);
  await ensurePeer();
  const model = await startScriptedModel(demoModelScenarios());
  const started = Date.now();
  log("Starting the OpenClaw gateway with a scripted model (30-60 s on two cores)...");
  const ticker = setInterval(() => {
    log(`  still starting (${Math.round((Date.now() - started) / MS_PER_SECOND)} s)`);
  }, PROGRESS_EVERY_MS);
  try {
    const toolSearch = options.openclaw?.toolSearch === true;
    const plugin = options.openclaw?.plugin;
    const peer = await startPeer("real", {
      model: { baseUrl: model.baseUrl, toolSearch },
      ...(plugin === undefined ? {} : { plugin }),
    });
    log(`OpenClaw gateway ready in ${Math.round((Date.now() - started) / MS_PER_SECOND)} s.`);
    return {
      gateway: { url: peer.url, token: peer.token },
      model,
      close: async () => {
        await peer.close();
        await model.close();
      },
    };
  } catch (error) {
    await model.close();
    throw error;
  } finally {
    clearInterval(ticker);
  }
}

/**
 * A waiting question blocks the gateway's shutdown for minutes: its run is aborted and what still
 * waits is cancelled first. Best effort: a failure here must not keep the demo from stopping.
 */
export async function settleAgentWork(api: QuestionApi, client: GatewayClient): Promise<void> {
  const waiting = await api.list().catch(() => []);
  await Promise.all(
    waiting.map(async (record) => {
      if (record.runId !== undefined && record.sessionKey !== undefined) {
        await client
          .request("chat.abort", { sessionKey: record.sessionKey, runId: record.runId })
          .catch(() => undefined);
      }
      await api.cancel(record.id).catch(() => undefined);
    }),
  );
}
