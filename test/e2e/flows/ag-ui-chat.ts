import type { Flow } from "../harness";
import { dock, expectThat, hides, shows, UI_TIMEOUT_MS } from "../page-helpers";

const DEPLOY_QUESTION = "Where should I deploy this build?";

/**
 * The AG-UI stack: an `HttpAgent` on the start server's scripted agent. Deploy makes it call the
 * page's `ask_user` tool: the question docks, a reload keeps it (the page keeps the thread), the
 * answer goes back as the call's tool message and the agent replies. Release notes ends the run
 * with an `ask_user` interrupt: its two questions dock, and the next run resumes it with the
 * answers the reply quotes. The stack switch leads to the OpenClaw page and back to the same chat.
 */
export const agUiChat: Flow = {
  name: "ag-ui-chat",
  run: async ({ page, demo, sessionKey, expectAccessible, screenshot }) => {
    const reply = page.getByRole("article", { name: "Agent's message" });
    const stack = page.getByRole("combobox", { name: "Stack" });
    const deploy = page.getByRole("button", { name: "Deploy", exact: true });
    const threadOf = () => page.getByRole("main", { name: "Chat" }).getAttribute("data-thread-id");
    await page.goto(`${demo.pageUrl}?session=${encodeURIComponent(sessionKey)}&stack=ag-ui`);
    // The page's code loads on demand: judge the page once it is there.
    await shows(deploy);
    await expectAccessible("ag-ui idle");

    await deploy.click();
    await shows(dock(page).getByText(DEPLOY_QUESTION));
    await hides(page.getByText("The agent is running…"));
    await expectAccessible("ag-ui dock open");
    // The README's picture: no button under a hover.
    await page.mouse.move(0, 0);
    await screenshot("ag-ui-chat");
    const thread = await threadOf();
    await page.reload();
    await shows(dock(page).getByText(DEPLOY_QUESTION));
    expectThat((await threadOf()) === thread, "a reload should continue the same thread");
    await dock(page)
      .getByRole("radio", { name: /Production/ })
      .click();
    await dock(page).getByRole("button", { name: "Submit" }).click();
    await hides(dock(page));
    await shows(reply.getByText("Deploying to Production…"));
    await shows(reply.locator(".ask-summary").getByText("Production", { exact: true }));
    await expectAccessible("ag-ui tool call answered");

    await page.getByRole("button", { name: "Release notes" }).click();
    await shows(dock(page).getByText("Who are the release notes for?"));
    await dock(page)
      .getByRole("radio", { name: /Developers/ })
      .click();
    await shows(dock(page).getByText("Which sections should they have?"));
    await dock(page)
      .getByRole("checkbox", { name: /Breaking changes/ })
      .click();
    await dock(page)
      .getByRole("checkbox", { name: /Upgrade steps/ })
      .click();
    await dock(page).getByRole("button", { name: "Submit" }).click();
    await hides(dock(page));
    const notes =
      "Writing the release notes (audience: Developers; sections: Breaking changes, Upgrade steps)…";
    await shows(reply.getByText(notes));
    await shows(reply.locator(".ask-summary").getByText("Developers", { exact: true }));
    await expectAccessible("ag-ui interrupt resumed");

    await stack.selectOption("OpenClaw");
    await page.getByText("Connected", { exact: true }).waitFor({ timeout: UI_TIMEOUT_MS });
    await stack.selectOption("AG-UI");
    await shows(reply.getByText(notes));
    await shows(reply.getByText("Deploying to Production…"));
    await shows(reply.locator(".ask-summary").getByText("Developers", { exact: true }));
    expectThat((await threadOf()) === thread, "the stack switch should keep the thread");
    expectThat(page.url().includes("stack=ag-ui"), `the URL should name the stack: ${page.url()}`);
  },
};
