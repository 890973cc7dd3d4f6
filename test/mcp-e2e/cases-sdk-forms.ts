// The MCP SDK's own form elicitation example server (`elicitationFormExample`), as it ships,
// answered in the dock of the URL page (any MCP server, its tools as buttons) by a user's clicks
// and typing; the example checks every answer with the SDK's validator before its tool answers.
import type { Page } from "playwright-core";
import { dock, expectThat, hides, shows } from "../e2e/page-helpers";
import { atStep, field, nextButton, step, toolResult } from "./dock-locators";
import { type Case, leave } from "./harness";
import { startSdkFormExample } from "./sdk-examples";

const TOOLS = ["register_user", "create_event", "update_shipping_address"];

/** Types `value` into the shown field of question `number` of `total` and moves on. */
async function typeAndNext(page: Page, number: number, total: number, value: string) {
  await atStep(page, number, total);
  await field(page).fill(value);
  await nextButton(page).click();
}

const sdkFormExample: Case = {
  name: "the SDK's form example server: its three tools' forms filled in the dock, each answer accepted by its validator (or skipped)",
  timeoutMs: 90_000,
  run: async (context) => {
    const { page } = context;
    const example = await startSdkFormExample();
    try {
      const query = new URLSearchParams({ mcp: example.mcpUrl, tools: TOOLS.join(",") });
      await context.openPage(`url.html?${query}`);

      // register_user: six fields, three required; the boolean and the role keep their defaults.
      await page.getByRole("button", { name: "register_user", exact: true }).click();
      await shows(dock(page).getByText("Please provide your registration information:"));
      await typeAndNext(page, 1, 6, "ada");
      await typeAndNext(page, 2, 6, "ada@example.com");
      await typeAndNext(page, 3, 6, "correct horse battery");
      await atStep(page, 4, 6);
      await nextButton(page).click();
      await atStep(page, 5, 6);
      await nextButton(page).click();
      await atStep(page, 6, 6);
      await step(page)
        .getByRole("checkbox", { name: /^frontend/ })
        .click();
      await step(page).getByRole("checkbox", { name: /^ai/ }).click();
      await context.expectDockAccessible("the SDK example's register_user form");
      await nextButton(page).click();
      await hides(dock(page));
      await shows(
        toolResult(page, "register_user").getByText(
          "Username: ada Email: ada@example.com Newsletter: No",
        ),
      );

      // create_event: two forms in a row; the duration goes out as an integer within 15-480.
      await page.getByRole("button", { name: "create_event", exact: true }).click();
      await shows(dock(page).getByText("Step 1: Enter basic event information"));
      await typeAndNext(page, 1, 2, "Release review");
      await atStep(page, 2, 2);
      await nextButton(page).click();
      await shows(dock(page).getByText("Step 2: Enter date and time"));
      await typeAndNext(page, 1, 3, "2027-01-15");
      await typeAndNext(page, 2, 3, "09:30");
      await atStep(page, 3, 3);
      // Below the example's minimum of 15: said at once, and Submit stays unavailable.
      await field(page).fill("10");
      await shows(step(page).locator(".ask-step__issue").getByText("Enter 15 or more"));
      expectThat(
        (await nextButton(page).getAttribute("aria-disabled")) === "true",
        "Submit is available with a duration of 10",
      );
      await field(page).fill("60");
      await nextButton(page).click();
      await hides(dock(page));
      const event = toolResult(page, "create_event");
      await shows(event.getByText("Event created successfully!"));
      const text = (await event.textContent()) ?? "";
      const created = JSON.parse(text.slice(text.indexOf("{"))) as Record<string, unknown>;
      expectThat(
        created.title === "Release review" &&
          created.date === "2027-01-15" &&
          created.startTime === "09:30" &&
          created.duration === 60,
        `the event as the example built it: ${text}`,
      );

      // update_shipping_address: skipped; the example hears decline.
      await page.getByRole("button", { name: "update_shipping_address", exact: true }).click();
      await shows(dock(page).getByText("Please provide your shipping address:"));
      await dock(page).getByRole("button", { name: "Skip all", exact: true }).click();
      await shows(
        dock(page).getByText("Skip this form? The MCP server is told that you declined."),
      );
      await dock(page).getByRole("button", { name: "Yes, skip", exact: true }).click();
      await hides(dock(page));
      await shows(
        toolResult(page, "update_shipping_address").getByText("Address update cancelled by user."),
      );
    } catch (error) {
      const shown = await dock(page)
        .textContent({ timeout: 1000 })
        .catch(() => null);
      throw new Error(
        `${error instanceof Error ? error.message : String(error)}\nthe dock: ${shown ?? "(none)"}\nthe example's log:\n${example.log()}`,
      );
    } finally {
      await leave(page);
      await example.close();
    }
  },
};

export const SDK_FORM_CASES: Case[] = [sdkFormExample];
