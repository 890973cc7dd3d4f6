import type { Browser } from "playwright-core";
import { expectThat, UI_TIMEOUT_MS, visible } from "./answer-in-browser";
import { start } from "./processes";

/** What the agent receives for the answer the test gives (test/consumer/app/src/ai-sdk/model.ts). */
const EXPECTED_RESULT = {
  status: "answered",
  answers: { answers: { deploy_target: ["Production"] } },
};
const EXPECTED_REPLY = `Deploying build 1.4.2 to Production. ask_user returned ${JSON.stringify(EXPECTED_RESULT)}`;

/**
 * In the built app at `app`: serves the README's AI SDK chat page (dist/ai-sdk.html) with the
 * README's route handler, as built by `vite build --ssr` into `server/chat-route.js` (the model
 * is `ai/test`'s mock, which asks once), mounted at /api/chat by the app's serve-chat.mjs on the
 * Node that `env`'s PATH names. In Chromium it sends a message, answers the question in the dock
 * (reloading the page once before Submit: the README's saved chat brings the question back with the
 * pick) and waits for the model's reply, which quotes the tool result it received. Resolves with a line
 * describing it; throws with the evidence otherwise.
 */
export async function chatInBrowser(
  app: string,
  browser: Browser,
  env: NodeJS.ProcessEnv,
): Promise<string> {
  const server = start("node", ["serve-chat.mjs"], { cwd: app, env });
  const [, url = ""] = await server.waitFor(/listening on (http:\/\/\S+)/);
  const posts = () =>
    server
      .output()
      .split("\n")
      .filter((line) => line === "POST /api/chat").length;
  const context = await browser.newContext();
  const page = await context.newPage();
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  page.on("console", (message) => {
    // A failed load is reported with its URL below; the browser's own favicon request is not ours.
    if (message.type() === "error" && !message.text().startsWith("Failed to load resource"))
      problems.push(`console: ${message.text()}`);
  });
  page.on("response", (response) => {
    if (response.status() >= 400 && !response.url().endsWith("/favicon.ico"))
      problems.push(`${response.status()} from ${response.url()}`);
  });
  try {
    await page.goto(`${url}ai-sdk.html`);
    const message = page.getByRole("textbox", { name: "Message" });
    await message.fill("Deploy build 1.4.2");
    // Enter sends the form and leaves the focus in the emptied field: the dock takes over.
    await message.press("Enter");
    const dock = page.locator('section.ask-dock[data-state="expanded"]');
    await visible(dock.getByText("Where should build 1.4.2 go?"));
    await dock.getByRole("radio", { name: /Production/ }).click();
    // A reload before Submit: the README's saved messages dock the question again, with the pick.
    await page.reload();
    await visible(dock.getByText("Where should build 1.4.2 go?"));
    const production = dock.getByRole("radio", { name: /Production/ });
    expectThat(await production.isChecked(), "after the reload the pick Production is lost");
    await dock.getByRole("button", { name: "Submit" }).click();
    await dock.waitFor({ state: "hidden", timeout: UI_TIMEOUT_MS });
    // The summary at the tool part, then the model's next step, sent by sendAutomaticallyWhen.
    await visible(page.locator(".ask-summary").getByText("Production"));
    await visible(page.getByText(EXPECTED_REPLY));

    expectThat(posts() === 2, `the page posted to /api/chat ${posts()} times, not 2`);
    expectThat(problems.length === 0, problems.join("\n"));
    return `the model received ${JSON.stringify(EXPECTED_RESULT)}`;
  } catch (error) {
    const text = await page
      .locator("body")
      .textContent({ timeout: 1_000 })
      .catch(() => "(unreadable)");
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(
      `${reason}\n${posts()} posts to /api/chat; the page reads:\n${text}\n${problems.join("\n")}\nserver:\n${server.output()}`,
    );
  } finally {
    await context.close();
    await server.stop();
  }
}
