// `npm run test:ai-sdk`: the Vercel AI SDK adapter in Chromium. A production build of a `useChat`
// page with the kit's dock, the AI SDK route with the scripted `ai/test` model, and one case per
// behaviour, each checked down to what the model receives. Prints "N passed, N failed".
import { CASES } from "../test/ai-sdk-e2e/cases";
import { createCaseContext } from "../test/ai-sdk-e2e/harness";
import { startChatServer } from "../test/ai-sdk-e2e/server";
import { runSuite } from "../test/e2e-support/case-runner";

await runSuite({
  title: "AI SDK",
  filterVariable: "AI_SDK_CASES",
  start: startChatServer,
  cases: CASES,
  contextFor: (browser, server, test) =>
    createCaseContext(browser, server, { fakeClock: test.fakeClock === true }),
});
