// `npm run test:mcp`: the MCP elicitation adapter in Chromium. A production build of a page with
// an MCP client (Streamable HTTP) and the kit's dock, a real MCP server whose tools elicit forms,
// and one case per behaviour, each checked down to what the server receives. Prints
// "N passed, N failed".
import { runSuite } from "../test/e2e-support/case-runner";
import { CASES } from "../test/mcp-e2e/cases";
import { createCaseContext } from "../test/mcp-e2e/harness";
import { startMcpServer } from "../test/mcp-e2e/server";

await runSuite({
  title: "MCP",
  filterVariable: "MCP_CASES",
  start: startMcpServer,
  cases: CASES,
  contextFor: (browser, server) => createCaseContext(browser, server),
});
