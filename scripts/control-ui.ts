/**
 * `npm run test:control-ui`: the Control UI plugin, built and installed from its archive into the
 * real gateway (with the scripted model, and the test plugin that makes OpenClaw async questions),
 * driven in the real Control UI in Chromium, beside a page of the stock Control UI. Its surface
 * cases compare screenshots with test/surfaces/baselines/control-ui; `-- --approve` writes the
 * ones that are missing or differ.
 */
import { runMain } from "./run-main";
import { runGatewaySuite } from "./vitest-suite";

const args = process.argv.slice(2);
// Vitest refuses options it does not know: the flag reaches the tests as a variable.
if (args.includes("--approve")) process.env.SURFACES_APPROVE = "1";

runMain(() =>
  runGatewaySuite(
    "test/control-ui/vitest.config.ts",
    "Control UI",
    args.filter((arg) => arg !== "--approve"),
  ),
);
