// `npm run test:mcp` cases for the server's own validator in the dock: rules outside the spec's
// primitives (a `pattern`, a `multipleOf`) that a real SDK server checks the answer against. The
// dock refuses what breaks them at the field, sends nothing, and what it sends is accepted.
import type { Locator, Page } from "playwright-core";
import { dock, expectThat, shows, UI_TIMEOUT_MS } from "../e2e/page-helpers";
import type { Case } from "./harness";

/** Long enough for a send that must not happen to have had its chance. */
const SETTLE_MS = 1_000;

const step = (page: Page): Locator => dock(page).locator("fieldset[data-question-id]");
const field = (page: Page): Locator => step(page).locator("[data-other-field]");
const issue = (page: Page): Locator => step(page).locator(".ask-step__issue");
const nextButton = (page: Page): Locator =>
  dock(page).locator('.ask-dock__footer button[data-variant="primary"]');
const atStep = (page: Page, number: number) =>
  shows(dock(page).getByText(`Question ${number} of 2`, { exact: true }));

/** Waits until the shown field says `message`, visibly, and is marked invalid. */
async function expectIssue(page: Page, what: string, message: string): Promise<void> {
  await page
    .waitForFunction(
      (expected) =>
        document.querySelector("section.ask-dock .ask-step__issue")?.textContent === expected,
      message,
      { timeout: UI_TIMEOUT_MS },
    )
    .catch(async () => {
      throw new Error(
        `${what}: the field says "${await issue(page).textContent()}", not "${message}"`,
      );
    });
  expectThat(await issue(page).isVisible(), `${what}: the refusal is not visible`);
  const invalid = await field(page).getAttribute("aria-invalid");
  expectThat(invalid === "true", `${what}: the field is not aria-invalid (${invalid})`);
  const disabled = await nextButton(page).getAttribute("aria-disabled");
  expectThat(disabled === "true", `${what}: Next or Submit is not aria-disabled`);
}

/** Presses the primary button and Enter in the field: neither moves on nor sends. */
async function expectStays(page: Page, number: number, what: string): Promise<void> {
  // It stays focusable while it cannot act (`aria-disabled`): a user can still press it.
  await nextButton(page).click({ force: true });
  await field(page).press("Enter");
  await page.waitForTimeout(SETTLE_MS);
  await atStep(page, number);
  expectThat(
    (await dock(page).getByText(`Question ${number} of 2`, { exact: true }).count()) === 1,
    `${what}: the dock moved on`,
  );
}

const patternRefused: Case = {
  name: "a pattern and a multipleOf of the server's schema: refused at the field, never sent; the server accepts what the dock sends",
  run: async (context) => {
    const { page } = context;
    await context.openPage();
    await context.callTool("ship_boxes");
    await atStep(page, 1);
    await field(page).fill("abc");
    await expectIssue(page, "abc", "Use the form this field asks for: Five digits, e.g. 10115");
    await expectStays(page, 1, "abc");
    await field(page).fill("10115");
    await page.waitForFunction(
      () => document.querySelector("section.ask-dock .ask-step__issue")?.textContent === "",
    );
    await nextButton(page).click();
    await atStep(page, 2);
    await field(page).fill("7");
    await expectIssue(page, "7 boxes", "The server's rule multipleOf 5 is not met");
    const label = (await nextButton(page).textContent())?.trim();
    expectThat(label === "Submit", `the last step's button reads "${label}", not Submit`);
    await expectStays(page, 2, "7 boxes");
    expectThat(
      context.outcomes().length === 0,
      `the server received ${JSON.stringify(context.outcomes())} before a valid answer`,
    );
    await field(page).fill("10");
    await page.waitForFunction(
      () => document.querySelector("section.ask-dock .ask-step__issue")?.textContent === "",
    );
    await nextButton(page).click();
    const outcome = await context.outcomeAt(0);
    expectThat(
      "result" in outcome,
      `the server refused the content: ${"error" in outcome ? outcome.error : ""}`,
    );
    const sent = "result" in outcome ? JSON.stringify(outcome.result) : "";
    expectThat(
      sent === JSON.stringify({ action: "accept", content: { zip: "10115", boxes: 10 } }),
      `the server received ${sent}`,
    );
    expectThat(context.outcomes().length === 1, "the server heard more than one answer");
  },
};

const blankRequired: Case = {
  name: "a blank required field says why at the field once Next was pressed, and leaves no tick",
  run: async (context) => {
    const { page } = context;
    await context.openPage();
    await context.callTool("ship_boxes");
    await atStep(page, 1);
    const said = (await issue(page).textContent()) ?? "";
    expectThat(said === "", `the untouched field already complains: "${said}"`);
    await nextButton(page).click({ force: true });
    await expectIssue(page, "blank zip", "This field needs an answer");
    await dock(page).getByRole("button", { name: "Boxes", exact: true }).click();
    await atStep(page, 2);
    const zipStep = dock(page).getByRole("list", { name: "Questions" }).getByRole("button").first();
    const state = await zipStep.getAttribute("data-step");
    expectThat(state === "upcoming", `the blank zip step is "${state}" in the step list`);
    await page.waitForTimeout(SETTLE_MS);
    expectThat(context.outcomes().length === 0, "the server heard back");
  },
};

/** The cases of this file, in order. */
export const VALIDATOR_CASES: Case[] = [patternRefused, blankRequired];
