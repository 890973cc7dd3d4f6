// A Node back end: reads one question with question.get through the package's gateway entry
// and its Node socket factory, and prints the record. Usage: node confirm-answer.mjs <url> <id>
import {
  createBackendGatewayClient,
  createQuestionApi,
  createWsSocketFactory,
} from "ask-user-kit/gateway";

const [url, id] = process.argv.slice(2);
const token = process.env.ASK_USER_KIT_TOKEN;
if (url === undefined || id === undefined || token === undefined) {
  console.error("usage: ASK_USER_KIT_TOKEN=... node confirm-answer.mjs <url> <id>");
  process.exit(2);
}
const client = createBackendGatewayClient({ url, token, socketFactory: createWsSocketFactory() });
await new Promise((resolve, reject) => {
  const check = () => {
    const state = client.getState();
    if (state.status === "connected") resolve();
    else if (state.status === "failed") reject(new Error(`cannot connect: ${state.failure.kind}`));
  };
  client.subscribe(check);
  client.connect();
  check();
});
try {
  const record = await createQuestionApi(client).get(id);
  console.log(JSON.stringify(record));
} finally {
  client.close();
}
