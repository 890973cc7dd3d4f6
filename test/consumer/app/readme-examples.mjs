// Runs the README's Node examples as the consumer test compiled them into readme-build/: the
// testing example on its own, then the back end's `askUser` answered by a second client.
import {
  createBackendGatewayClient,
  createQuestionApi,
  createWsSocketFactory,
} from "ask-user-kit/gateway";
import { toAskUserResult } from "ask-user-kit/protocol";
import { createMockGateway } from "ask-user-kit/testing";
import { connectAskUser } from "./readme-build/ask-user.js";

const LIMIT_MS = 30_000;
const POLL_MS = 20;
const INPUT = {
  questions: [
    {
      id: "target",
      header: "Deploy",
      question: "Where should build 1.4.2 go?",
      options: [{ label: "Staging" }, { label: "Production" }],
    },
  ],
  timeoutSeconds: 60,
};
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
setTimeout(() => {
  console.error(`the README examples did not finish within ${LIMIT_MS} ms`);
  process.exit(1);
}, LIMIT_MS).unref();

await import("./readme-build/mock-gateway.test.js");

const gateway = await createMockGateway({ port: 0 });
const tool = await connectAskUser(gateway.url, gateway.token);
const user = createQuestionApi(
  createBackendGatewayClient({
    url: gateway.url,
    token: gateway.token,
    socketFactory: createWsSocketFactory(),
  }),
);
user.client.connect();
try {
  const asked = tool.askUser(INPUT, "main");
  let pending = gateway.listRecords().find((record) => record.status === "pending");
  while (pending === undefined || user.client.getState().status !== "connected") {
    await sleep(POLL_MS);
    pending = gateway.listRecords().find((record) => record.status === "pending");
  }
  await user.resolve(pending.id, { answers: { target: ["Production"] } });
  const text = await asked;
  const expected = toAskUserResult(await user.get(pending.id)).text;
  if (text !== expected) throw new Error(`askUser gave ${text}, the record says ${expected}`);
  const refused = await tool.askUser({ questions: [] }, "main");
  if (!refused.startsWith("questions")) throw new Error(`an invalid input gave ${refused}`);
  console.log(`the agent received ${text.replace(/\s+/g, " ")}`);
} finally {
  tool.close();
  user.client.close();
  await gateway.close();
}
