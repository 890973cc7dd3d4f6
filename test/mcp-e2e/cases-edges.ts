// Cases of `npm run test:mcp` at the edges of what a server may send: property names that are
// object keys, 100 KB of text, a cancellation of the session's first request (id 0), and a form a
// button asked for, which takes the focus.
import type { Locator, Page } from "playwright-core";
import { dock, expectThat, hides, shows } from "../e2e/page-helpers";
import { atStep, field, nextButton, step } from "./dock-locators";
import { type Case, eventually } from "./harness";

const oddNames: Case = {
  name: "property names __proto__ and constructor reach the server's transport as data",
  async run({ page, openPage, callTool, wire }) {
    await openPage();
    await callTool("odd_names");
    const values = ["proto-value", "constructor-value", "plain-value"];
    for (const [index, value] of values.entries()) {
      await atStep(page, index + 1, values.length);
      await field(page).fill(value);
      await nextButton(page).click();
    }
    await hides(dock(page));
    const text = await eventually(
      () => wire().find((body) => body.includes('"accept"')),
      () => `no accept came over the wire: ${JSON.stringify(wire())}`,
    );
    // JSON.parse keeps `__proto__` as an own key, as a server's JSON reader sees it.
    const sent = JSON.parse(text) as { result?: { content?: Record<string, unknown> } };
    const content = sent.result?.content ?? {};
    const own = (name: string): unknown => Object.getOwnPropertyDescriptor(content, name)?.value;
    expectThat(
      own("__proto__") === "proto-value" &&
        own("constructor") === "constructor-value" &&
        own("plain") === "plain-value",
      `the wire carried ${text}`,
    );
  },
};

/** Throws unless the page does not scroll sideways and `locator` lies inside the viewport. */
async function expectInView(page: Page, locator: Locator, what: string): Promise<void> {
  const box = await locator.boundingBox();
  const viewport = page.viewportSize() ?? { width: 0, height: 0 };
  expectThat(
    box !== null &&
      box.x >= 0 &&
      box.y >= 0 &&
      box.x + box.width <= viewport.width &&
      box.y + box.height <= viewport.height,
    `${what} is out of view at ${viewport.width} px: ${JSON.stringify(box)}`,
  );
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    inner: window.innerWidth,
  }));
  expectThat(widths.scroll <= widths.inner, `the page scrolls sideways: ${JSON.stringify(widths)}`);
}

const longTexts: Case = {
  name: "100 KB titles, descriptions and choices: the actions stay in view at 1280 px (dock) and 390 px (card)",
  timeoutMs: 120_000,
  async run({ page, openPage, callTool, outcomes }) {
    const panel = page.locator(".ask-composer-dock__panel");
    const primary = panel.locator('button[data-variant="primary"]');
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 820 });
      await openPage();
      await callTool("long_form");
      await shows(primary);
      await expectInView(page, primary, `${await primary.textContent()} (${width} px)`);
      await expectInView(page, panel.getByRole("button", { name: "Skip all" }), "Skip all");
      if (width === 1280) {
        await atStep(page, 1, 2);
        const chips = dock(page).getByRole("list", { name: "Questions" });
        const box = await chips.boundingBox();
        const question = await step(page).boundingBox();
        expectThat(
          box !== null && box.width <= width && box.height <= 120,
          `the step list is ${JSON.stringify(box)} at ${width} px`,
        );
        expectThat(
          question !== null && question.height >= 120,
          `the question area is ${JSON.stringify(question)}`,
        );
      }
    }
    // At 390 px the card asks both fields at once: the second choice, then Submit.
    await panel.getByRole("radio").last().click();
    await primary.click();
    await hides(primary);
    const accepted = await eventually(
      () => outcomes().find((outcome) => "result" in outcome && outcome.result.action === "accept"),
      () => `the server received ${JSON.stringify(outcomes()).slice(0, 300)}`,
    );
    expectThat(accepted.tool === "long_form", `accepted ${accepted.tool}`);
  },
};

const firstRequestCancelled: Case = {
  name: "the server cancels the session's first request (id 0): the dock retires it, nothing is sent",
  async run({ page, openPage, callTool, outcomeAt, wire }) {
    await openPage();
    await callTool("quick_cancel");
    await shows(step(page));
    const outcome = await outcomeAt(0);
    expectThat("error" in outcome, `the server's wait ended with ${JSON.stringify(outcome)}`);
    await hides(dock(page));
    await shows(page.getByRole("region", { name: "Timeline" }).locator(".ask-summary"));
    expectThat(wire().length === 0, `the page answered a request that ended: ${wire().join()}`);
  },
};

const focusFromButton: Case = {
  name: "a form asked by a button click takes the focus: its first field, no Tab needed",
  async run({ page, openPage, callTool }) {
    await openPage();
    await callTool("confirm_release");
    await shows(step(page));
    await page.waitForFunction(
      () => document.activeElement?.closest("section.ask-dock fieldset[data-question-id]") != null,
      null,
      { timeout: 5_000 },
    );
    // The keys reach the form: Space picks the focused option (and the dock may then move on).
    await page.keyboard.press("Space");
    await page
      .waitForFunction(
        () =>
          document.querySelector('section.ask-dock [role="radio"][aria-checked="true"]') !== null ||
          document.querySelector("section.ask-dock")?.textContent?.includes("Question 2 of 2") ===
            true,
        null,
        { timeout: 5_000 },
      )
      .catch(async () => {
        const focused = await page.evaluate(() => {
          const active = document.activeElement;
          return `${active?.tagName} ${active?.getAttribute("role")} "${active?.textContent?.slice(0, 30)}"`;
        });
        throw new Error(`the keyboard did not reach the form's options (focus on ${focused})`);
      });
  },
};

/** The MCP source's form reader, a chunk the page loads with import() (and again with ?retry=n). */
const FORM_PART = "**/form-elicitation-*";

const formPartMissing: Case = {
  name: "a form whose reader cannot load (network error) waits, is said with Try again, and shows once it loads",
  async run({ page, openPage, callTool, outcomes, outcomeAt, wire, expectFailedResource }) {
    await page.route(FORM_PART, (route) => route.abort("internetdisconnected"));
    const message = page.getByRole("textbox", { name: "Message" });
    const notice = page
      .locator(".ask-composer-dock__panel")
      .getByRole("alert")
      .filter({ hasText: "could not be shown" });
    await expectFailedResource("form-elicitation", async () => {
      await openPage();
      await message.fill("a note for later");
      await callTool("confirm_release");
      await shows(notice);
    });
    await shows(message);
    expectThat((await message.inputValue()) === "a note for later", "the typed message was lost");
    expectThat(
      outcomes().length === 0 && wire().length === 0,
      `the page answered a form it could not show: ${JSON.stringify(outcomes())}`,
    );

    await page.unroute(FORM_PART);
    await notice.getByRole("button", { name: "Try again" }).click();
    await hides(notice);
    await atStep(page, 1, 2);
    await dock(page).getByRole("button", { name: /^Skip/ }).click();
    const confirm = dock(page).getByRole("button", { name: "Yes, skip" });
    if ((await confirm.count()) > 0) await confirm.click();
    const outcome = await outcomeAt(0);
    expectThat(
      JSON.stringify(outcome) ===
        JSON.stringify({ tool: "confirm_release", result: { action: "decline" } }),
      `the server received ${JSON.stringify(outcome)}`,
    );
    await hides(dock(page));
    expectThat((await message.inputValue()) === "a note for later", "the typed message was lost");
  },
};

/** Every edge case, in the order they run. */
export const EDGE_CASES: Case[] = [
  oddNames,
  longTexts,
  firstRequestCancelled,
  focusFromButton,
  formPartMissing,
];
