import type { Locator, Page } from "playwright-core";

/** Wait limit for anything the page should show after a gateway round trip. */
export const UI_TIMEOUT_MS = 15_000;

/** The expanded question dock. */
export function dock(page: Page): Locator {
  return page.locator('section.ask-dock[data-state="expanded"]');
}

/** The collapsed question bar. */
export function questionBar(page: Page): Locator {
  return page.locator('[data-state="collapsed"].ask-bar');
}

/** The timeline article of an agent turn, by its title. */
export function turn(page: Page, title: string): Locator {
  return page.getByRole("article", { name: `Agent turn: ${title}` });
}

/** The answer summary inside a turn. */
export function summaryIn(page: Page, title: string): Locator {
  return turn(page, title).locator(".ask-summary");
}

/** The host's composer textarea. */
export function composerInput(page: Page): Locator {
  return page.getByRole("textbox", { name: "Message" });
}

/** Waits until `locator` is visible. */
export async function shows(locator: Locator, timeout = UI_TIMEOUT_MS): Promise<void> {
  await locator.first().waitFor({ state: "visible", timeout });
}

/** Waits until `locator` is gone. */
export async function hides(locator: Locator, timeout = UI_TIMEOUT_MS): Promise<void> {
  await locator.first().waitFor({ state: "hidden", timeout });
}

/** Throws unless the condition holds. */
export function expectThat(condition: boolean, message: string): void {
  if (!condition) throw new Error(message);
}
