import type { Flow } from "../harness";
import { dock, hides, shows, summaryIn, turn } from "../page-helpers";

/** Answer from the channels pane (a Telegram tap, a plain-text reply): the dock retires at once. */
export const channels: Flow = {
  name: "channels",
  run: async ({ page, openPage, runScenario, expectAccessible, screenshot }) => {
    await openPage();
    await runScenario("single");
    await shows(dock(page).getByText("Where should I deploy this build?"));
    const telegram = page.getByRole("region", { name: "Telegram message" });
    await shows(telegram.getByRole("button", { name: "Production" }));
    await expectAccessible("channels pending");
    await screenshot("channels");
    await telegram.getByRole("button", { name: "Production" }).click();
    await hides(dock(page));
    const summary = summaryIn(page, "Deploy the build");
    await shows(summary.getByText("Answered elsewhere"));
    await shows(summary.getByText("Production", { exact: true }));
    await shows(telegram.getByText("Answered: Production"));
    await shows(turn(page, "Deploy the build").getByText("Deploying to Production…"));

    await runScenario("three");
    await shows(dock(page).getByText("Which framework should the app use?"));
    const plain = page.getByRole("region", { name: "Plain text message" });
    await shows(plain.getByText(/Reply by number or question id/));
    const reply = plain.getByRole("textbox", { name: "Reply on Plain text" });
    await reply.fill("framework: Svelte");
    await plain.getByRole("button", { name: "Reply" }).click();
    await shows(plain.getByText("Which question needs an answer: Extras, Name"));
    await expectAccessible("channels incomplete reply");
    await reply.fill("framework: Svelte\nextras: ESLint, Vitest\nname: channel-app");
    await plain.getByRole("button", { name: "Reply" }).click();
    await hides(dock(page));
    // A plain-text reply on a channel resolves as "plain-text": the summary names it.
    await shows(summaryIn(page, "Set up the project").getByText("Answered by a chat reply"));
    await shows(turn(page, "Set up the project").getByText(/Scaffolding “channel-app”/));
    await expectAccessible("channels answered");
  },
};
