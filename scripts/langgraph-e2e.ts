// `npm run test:langgraph`: the LangGraph adapter in Chromium. A production build of a `useStream`
// chat page with the kit's dock, the local LangGraph server (createAgent with a scripted model:
// the human-in-the-loop middleware on side effects, the kit's headless `ask_user`, a plain
// interrupt graph), and one case per behaviour, each checked down to the thread's state on the
// server. Prints "N passed, N failed".
import { runSuite } from "../test/e2e-support/case-runner";
import { CASES } from "../test/langgraph-e2e/cases";
import { createCaseContext } from "../test/langgraph-e2e/harness";
import { startLangGraphPageServer } from "../test/langgraph-e2e/server";

await runSuite({
  title: "LangGraph",
  filterVariable: "LANGGRAPH_CASES",
  start: async () => {
    const server = await startLangGraphPageServer();
    console.log(
      `  LangGraph server ${server.apiUrl} ready in ${(server.startupMs / 1000).toFixed(1)} s`,
    );
    return server;
  },
  cases: CASES,
  contextFor: (browser, server, test) =>
    createCaseContext(browser, server, { fakeClock: test.fakeClock === true }),
});
