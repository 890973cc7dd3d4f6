import { randomBytes } from "node:crypto";
import { join } from "node:path";
import type { Browser, Locator } from "playwright-core";
import { cleanEnv, run, start } from "./processes";
import { serveStatic } from "./static-server";

export const UI_TIMEOUT_MS = 20_000;
export const QUESTION_FILE = join(import.meta.dirname, "question.json");
const EXPECTED_ANSWERS = { channel: ["Beta"], checks: ["Unit tests", "Accessibility audit"] };

export function expectThat(condition: boolean, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

export const visible = (locator: Locator) =>
  locator.first().waitFor({ state: "visible", timeout: UI_TIMEOUT_MS });

/**
 * In the built app at `app`: starts the mock gateway with the package's bin, opens the page in
 * Chromium, asks a two-question request with the bin, answers it in the page, and confirms the
 * stored answer with `question.get` from a Node back end that uses the package's gateway entry.
 * The bin and the back end run on the first Node on `path`. Resolves with a line describing what
 * was confirmed; throws with the evidence otherwise.
 */
export async function answerInBrowser(
  app: string,
  browser: Browser,
  path = process.env.PATH ?? "",
): Promise<string> {
  const token = randomBytes(16).toString("hex");
  const env = cleanEnv({ ASK_USER_KIT_TOKEN: token, PATH: path });
  const gateway = start("npx", ["--no", "ask-user-kit", "gateway"], { cwd: app, env });
  const server = await serveStatic(join(app, "dist"));
  const context = await browser.newContext();
  const ask = { current: null as ReturnType<typeof start> | null };
  try {
    const [, url = ""] = await gateway.waitFor(/listening on (ws:\/\/\S+)/);
    expectThat(!gateway.output().includes(token), "the gateway printed its token");
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on("pageerror", (error) => pageErrors.push(error.message));
    await page.addInitScript((fixtureGateway) => Object.assign(window, { fixtureGateway }), {
      url,
      token,
    });
    await page.goto(server.url);

    ask.current = start(
      "npx",
      ["--no", "ask-user-kit", "ask", QUESTION_FILE, "--gateway", url, "--session", "main"],
      { cwd: app, env },
    );
    const [, id = ""] = await ask.current.waitFor(/Asked (ask_[0-9a-f]+)/);

    const dock = page.locator('section.ask-dock[data-state="expanded"]');
    await visible(dock.getByText("Which channel should the release go to?"));
    // The README's pane status example, rendered by the page: online, with the question waiting.
    await visible(page.getByText("Online · 1 waiting"));
    await dock.getByRole("radio", { name: /Beta/ }).click();
    const checks = dock.getByText("Which checks must pass before publishing?");
    const next = dock.getByRole("button", { name: "Next" });
    // A pick in the dock moves on by itself; the Next button is the fallback.
    await checks.waitFor({ state: "visible", timeout: 2_000 }).catch(() => next.click());
    await visible(checks);
    await dock.getByRole("checkbox", { name: /Unit tests/ }).click();
    await dock.getByRole("checkbox", { name: /Accessibility audit/ }).click();
    await dock.getByRole("button", { name: "Submit" }).click();
    await dock.waitFor({ state: "hidden", timeout: UI_TIMEOUT_MS });
    await visible(page.locator(".ask-summary").getByText("Beta"));

    const code = await ask.current.exited;
    const asked = ask.current.output();
    expectThat(code === 0, `ask exited with ${code}:\n${asked}`);
    expectThat(/Outcome: answered/.test(asked), `ask printed no answer:\n${asked}`);

    const confirmed = await run("node", ["confirm-answer.mjs", url, id], { cwd: app, env });
    expectThat(confirmed.code === 0, `question.get failed:\n${confirmed.output}`);
    const record = JSON.parse(confirmed.output) as {
      status: string;
      answers?: { answers: Record<string, string[]> };
    };
    expectThat(record.status === "answered", `question.get says ${record.status}`);
    expectThat(
      JSON.stringify(record.answers?.answers) === JSON.stringify(EXPECTED_ANSWERS),
      `question.get answers ${JSON.stringify(record.answers?.answers)}`,
    );
    expectThat(pageErrors.length === 0, `page errors: ${pageErrors.join("; ")}`);
    return `question.get ${id.slice(0, 12)}…: answered ${JSON.stringify(EXPECTED_ANSWERS)}`;
  } finally {
    await ask.current?.stop();
    await context.close();
    await server.close();
    await gateway.stop();
  }
}
