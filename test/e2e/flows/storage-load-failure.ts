import type { Flow } from "../harness";
import { dock, expectThat, hides, shows } from "../page-helpers";

/** The store's lazily loaded storage part. */
const STORAGE_CHUNK = "**/persistence-*.js";

/**
 * The part that keeps answers across a reload cannot load (network error): the dock says that
 * what the user chooses is not kept, the question works as usual, and Try again, once the network
 * is back, keeps what was chosen before it across the next reload.
 */
export const storageLoadFailure: Flow = {
  name: "storage-load-failure",
  run: async ({ page, openPage, runScenario, expectFailedResource, expectAccessible, backend }) => {
    await page.route(STORAGE_CHUNK, (route) => route.abort("internetdisconnected"));
    const { id } = await expectFailedResource("persistence", async () => {
      await openPage();
      return runScenario("three");
    });
    const line = dock(page).getByRole("status").filter({ hasText: "not kept if the page reloads" });
    await shows(line);
    await expectAccessible("storage part failed");
    await dock(page).getByRole("radio", { name: /Vue/ }).click();
    await shows(dock(page).getByText("Which extras should I add?"));

    await page.unroute(STORAGE_CHUNK);
    await line.getByRole("button", { name: "Try again" }).click();
    await hides(line);
    await page.reload();
    await page.getByText("Connected", { exact: true }).waitFor();
    await shows(dock(page).getByText("Which extras should I add?"));
    await dock(page).getByRole("button", { name: "Back" }).click();
    expectThat(
      await dock(page).getByRole("radio", { name: /Vue/ }).isChecked(),
      "the choice made before Try again should survive the reload",
    );
    await backend.cancel(id, { resolvedBy: "e2e-cleanup" });
  },
};
