import type { Flow } from "../harness";
import { dock, expectThat, hides, shows, UI_TIMEOUT_MS } from "../page-helpers";

/**
 * The AI SDK stack: a prompt makes the scripted model call `ask_user`, the question docks, a
 * reload keeps it, the answer goes back through `addToolOutput` and the model replies. The stack
 * switch leads to the OpenClaw page and back to the same chat.
 */
export const aiSdkChat: Flow = {
  name: "ai-sdk-chat",
  run: async ({ page, demo, sessionKey, expectAccessible, screenshot }) => {
    const reply = page.getByRole("article", { name: "Assistant's message" });
    const stack = page.getByRole("combobox", { name: "Stack" });
    const deploy = page.getByRole("button", { name: "Deploy", exact: true });
    await page.goto(`${demo.pageUrl}?session=${encodeURIComponent(sessionKey)}&stack=ai-sdk`);
    // The chat's code loads on demand: judge the page once it is there.
    await shows(deploy);
    await expectAccessible("ai-sdk idle");
    await deploy.click();
    await shows(dock(page).getByText("Where should I deploy this build?"));
    await expectAccessible("ai-sdk dock open");
    // The README's picture: no button under a hover.
    await page.mouse.move(0, 0);
    await screenshot("ai-sdk-chat");
    await page.reload();
    await shows(dock(page).getByText("Where should I deploy this build?"));
    await dock(page)
      .getByRole("radio", { name: /Production/ })
      .click();
    await dock(page).getByRole("button", { name: "Submit" }).click();
    await hides(dock(page));
    await shows(reply.getByText("Deploying to Production…"));
    await shows(reply.locator(".ask-summary").getByText("Production", { exact: true }));
    await expectAccessible("ai-sdk answered");

    await stack.selectOption("OpenClaw");
    await page.getByText("Connected", { exact: true }).waitFor({ timeout: UI_TIMEOUT_MS });
    expectThat(
      !page.url().includes("stack="),
      `the OpenClaw page's URL names no stack: ${page.url()}`,
    );
    expectThat(page.url().includes("session="), "the switch should keep the session in the URL");
    await stack.selectOption("AI SDK");
    await shows(reply.getByText("Deploying to Production…"));
    expectThat(page.url().includes("stack=ai-sdk"), `the URL should name the stack: ${page.url()}`);
  },
};
