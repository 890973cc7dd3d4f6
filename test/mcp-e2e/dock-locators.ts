// The test pages as the MCP cases read them: the dock's shown question, its typed field and its
// primary button, and the URL page's tool results.
import type { Locator, Page } from "playwright-core";
import { dock, shows } from "../e2e/page-helpers";

/** The question shown in the dock. */
export const step = (page: Page): Locator => dock(page).locator("fieldset[data-question-id]");

/** The typed field of the shown question (textarea or input). */
export const field = (page: Page): Locator => step(page).locator("[data-other-field]");

/** Next, or Submit on the last question. */
export const nextButton = (page: Page): Locator =>
  dock(page).locator('.ask-dock__footer button[data-variant="primary"]');

/** Waits for the dock to show question `number` of `total`. */
export const atStep = (page: Page, number: number, total: number) =>
  shows(dock(page).getByText(`Question ${number} of ${total}`, { exact: true }));

/** What the URL page's button for `tool` got back, once the call ended. */
export const toolResult = (page: Page, tool: string): Locator =>
  page.getByRole("list", { name: "Tool results" }).locator(`li[data-tool="${tool}"]`);
