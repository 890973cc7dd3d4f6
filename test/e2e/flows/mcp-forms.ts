import type { Flow } from "../harness";
import { dock, expectThat, hides, shows, UI_TIMEOUT_MS } from "../page-helpers";

/**
 * The MCP stack: the page's MCP client calls the start server's MCP tools, whose form
 * elicitations dock as steps; Submit answers `accept` with typed content, which the tool's result
 * shows, and the kit's summary lands at the call. An out-of-spec form is declined with a notice.
 */
export const mcpForms: Flow = {
  name: "mcp-forms",
  run: async ({ page, demo, sessionKey, expectAccessible, screenshot }) => {
    const release = page.getByRole("button", { name: "Release form" });
    const releaseCall = page.getByRole("article", { name: "Tool call: confirm_release" });
    await page.goto(`${demo.pageUrl}?session=${encodeURIComponent(sessionKey)}&stack=mcp`);
    // The page's code loads on demand, and the buttons wait for the client to connect.
    await shows(release);
    await page.waitForFunction(
      () =>
        [...document.querySelectorAll("button")].some(
          (button) => button.textContent === "Release form" && !button.disabled,
        ),
      null,
      { timeout: UI_TIMEOUT_MS },
    );
    await expectAccessible("mcp idle");

    await release.click();
    await shows(dock(page).getByText("Question 1 of 2"));
    await expectAccessible("mcp dock open");
    await dock(page)
      .getByRole("radio", { name: /Production/ })
      .click();
    // A choice moves on to the optional note, where Submit sends the form.
    await shows(dock(page).getByText("Question 2 of 2"));
    await dock(page).getByRole("button", { name: "Submit" }).click();
    await hides(dock(page));
    await shows(releaseCall.getByText('{"action":"accept","content":{"target":"production"}}'));
    await shows(releaseCall.locator(".ask-summary").getByText("Production", { exact: true }));
    await expectAccessible("mcp answered");

    await page.getByRole("button", { name: "Out-of-spec form" }).click();
    await shows(page.getByRole("status").filter({ hasText: "can't show this form" }));
    await shows(
      page
        .getByRole("article", { name: "Tool call: nested_form" })
        .getByText('{"action":"decline"}'),
    );

    // The README's picture: the sign-up form's second field typed, no button under a hover.
    await page.getByRole("button", { name: "Sign-up form (12 fields)" }).click();
    await shows(dock(page).getByText("Question 1 of 12"));
    const field = dock(page).locator("input:not([role]), textarea").first();
    await field.fill("Ada Lovelace");
    await dock(page).getByRole("button", { name: "Next" }).click();
    await shows(dock(page).getByText("Question 2 of 12"));
    await field.fill("ada@example.com");
    await page.mouse.move(0, 0);
    await screenshot("mcp-form");
    expectThat(page.url().includes("stack=mcp"), `the URL should name the stack: ${page.url()}`);
  },
};
