// The README's CopilotKit page, ready to serve: react-core installed on first use, the page
// checked against the README and type-checked while Vite builds it.
import { rm } from "node:fs/promises";
import { buildCopilotKitPage } from "./copilotkit-page-build";
import { assertPageIsReadmeBlock, typeCheckCopilotKitPage } from "./copilotkit-page-check";
import { ensureCopilotKitReact } from "./copilotkit-react-install";

/** Returns the folder the checked page was built into. */
export async function prepareCopilotKitPage(): Promise<string> {
  await assertPageIsReadmeBlock();
  await ensureCopilotKitReact();
  const [checked, built] = await Promise.allSettled([
    typeCheckCopilotKitPage(),
    buildCopilotKitPage(),
  ]);
  if (built.status === "rejected") throw built.reason;
  if (checked.status === "rejected") {
    await rm(built.value, { recursive: true, force: true });
    throw checked.reason;
  }
  return built.value;
}
