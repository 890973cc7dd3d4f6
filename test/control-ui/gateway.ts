// The suite's one real gateway: the kit's plugin installed, the scripted model, and the test
// plugin that turns a marked reply into an OpenClaw async question.
import { AGENT_SCOPES, settleAgentWork } from "../../scripts/demo/agent-gateway";
import { demoModelScenarios } from "../../scripts/demo/scripted-agent";
import { ensurePeer } from "../../scripts/peer-install";
import { createBackendGatewayClient } from "../../src/gateway/backend-client";
import { createQuestionApi } from "../../src/gateway/question-api";
import type { GatewayClient, QuestionApi } from "../../src/gateway/types";
import { createWsSocketFactory } from "../../src/testing/index";
import { type ScriptedModel, startScriptedModel } from "../../src/testing/scripted-model";
import { startPeer } from "../conformance/peers";
import { asyncQuestionReply } from "../support/async-question-plugin/reply";

/** The message that makes the scripted agent ask an async question (a new one each time). */
export const ASK_ASYNC_PROMPT = "ask me while you work";
/** The questions of the n-th async question (numbered so that each one's text is its own). */
export const asyncQuestionsOf = (n: number) => [
  { title: `Which database should service ${n} use?`, options: ["Postgres", "SQLite"] },
];
/** The text its message keeps. */
export const asyncVisibleText = (n: number) => `I keep working on service ${n} meanwhile.`;

/** A running gateway with what the tests drive it by. */
export type ControlUiGateway = {
  /** The Control UI, signed in (the token in the fragment). */
  controlUiUrl: string;
  api: QuestionApi;
  client: GatewayClient;
  model: ScriptedModel;
  /** How many async questions the agent has asked so far. */
  asyncAsked(): number;
  close(): Promise<void>;
};

const CONNECT_TIMEOUT_MS = 30_000;

function waitConnected(client: GatewayClient): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`could not connect: ${JSON.stringify(client.getState())}`));
    }, CONNECT_TIMEOUT_MS);
    const check = () => {
      if (client.getState().status !== "connected") return;
      clearTimeout(timer);
      stop();
      resolve();
    };
    const stop = client.subscribe(check);
    check();
  });
}

/** Starts the model and the gateway with `plugin` (an archive) installed. */
export async function startControlUiGateway(plugin: string): Promise<ControlUiGateway> {
  await ensurePeer();
  let asked = 0;
  const model = await startScriptedModel([
    {
      matches: (prompt) => prompt.includes(ASK_ASYNC_PROMPT),
      askUser: null,
      reply: () => {
        asked += 1;
        const delivery = {
          itemId: `asyncq-control-ui-${asked}`,
          questions: asyncQuestionsOf(asked),
        };
        return asyncQuestionReply(delivery, asyncVisibleText(asked));
      },
    },
    ...demoModelScenarios(),
  ]);
  try {
    const peer = await startPeer("real", {
      model: { baseUrl: model.baseUrl },
      plugin,
      asyncQuestions: true,
    });
    const client = createBackendGatewayClient({
      url: peer.url,
      token: peer.token,
      socketFactory: createWsSocketFactory(),
      scopes: AGENT_SCOPES,
    });
    client.connect();
    const api = createQuestionApi(client);
    await waitConnected(client);
    return {
      controlUiUrl: `http://127.0.0.1:${peer.port}/#token=${encodeURIComponent(peer.token)}`,
      api,
      client,
      model,
      asyncAsked: () => asked,
      close: async () => {
        await settleAgentWork(api, client);
        client.close();
        await peer.close();
        await model.close();
      },
    };
  } catch (error) {
    await model.close();
    throw error;
  }
}
