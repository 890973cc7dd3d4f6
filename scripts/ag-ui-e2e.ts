// `npm run test:ag-ui`: the AG-UI adapter in Chromium. Production builds of an `HttpAgent` chat
// page and of the README's CopilotKit page (react-core from its own cache) with the kit's dock, a
// real CopilotKit runtime (scripted model: a frontend `ask_user` tool, `ask_user` interrupts,
// forms), and one case per behaviour, each checked down to what the model received. Prints
// "N passed, N failed".
import { CASES } from "../test/ag-ui-e2e/cases";
import { createCaseContext } from "../test/ag-ui-e2e/harness";
import { startAgUiPageServer } from "../test/ag-ui-e2e/server";
import { runSuite } from "../test/e2e-support/case-runner";

await runSuite({
  title: "AG-UI",
  filterVariable: "AG_UI_CASES",
  start: async () => {
    const server = await startAgUiPageServer();
    console.log(
      `  CopilotKit runtime ${server.runtime.baseUrl} ready in ${(server.runtime.startupMs / 1000).toFixed(1)} s`,
    );
    return server;
  },
  cases: CASES,
  contextFor: (browser, server, test) => createCaseContext(browser, server, test),
});
