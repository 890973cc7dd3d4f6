/**
 * `npm run test:control-ui`: the Control UI plugin, built and installed from its archive into the
 * real gateway (with the scripted model), driven in the real Control UI in Chromium.
 */
import { runMain } from "./run-main";
import { runGatewaySuite } from "./vitest-suite";

runMain(() =>
  runGatewaySuite("test/control-ui/vitest.config.ts", "Control UI", process.argv.slice(2)),
);
