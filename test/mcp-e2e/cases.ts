// The cases of `npm run test:mcp`: the kit's dock answering the form elicitations of a real MCP
// server (`@modelcontextprotocol/sdk` over Streamable HTTP) from an MCP client in the page,
// checked from the page down to what the server receives after its own schema validation.
import type { Locator, Page } from "playwright-core";
import type { FormOutcome } from "../../scripts/mcp/forms-server";
import { dock, expectThat, hides, shows, UI_TIMEOUT_MS } from "../e2e/page-helpers";
import { EDGE_CASES } from "./cases-edges";
import { README_URL_CASES } from "./cases-readme-url";
import { SDK_FORM_CASES } from "./cases-sdk-forms";
import { URL_CASES } from "./cases-url";
import { VALIDATOR_CASES } from "./cases-validator";
import { atStep as atStepOf, field, nextButton, step } from "./dock-locators";
import type { Case, CaseContext } from "./harness";

/** Long enough for something that must not happen (a send, a dock) to have had its chance. */
const SETTLE_MS = 1_000;
const MAX_KEY_PRESSES = 30;
/** The deadline the page is given by `?timeout=` in the deadline case. */
const SHORT_TIMEOUT_MS = 3_000;

/** The sign-up form's field titles (the steps' headers), in schema order. */
const SIGN_UP_TITLES = [
  "Name",
  "Email",
  "Website",
  "Seats",
  "Budget",
  "Newsletter",
  "Plan",
  "Editor",
  "Regions",
  "Languages",
  "Start date",
  "Call time",
];

const settle = (page: Page) => page.waitForTimeout(SETTLE_MS);

/** The rule the shown answer breaks, as the dock says it. */
const issue = (page: Page): Locator => step(page).locator(".ask-step__issue");

/** Waits for the dock to show question `number` of 12 (the sign-up form's). */
const atStep = (page: Page, number: number, total = 12) => atStepOf(page, number, total);

/** The page's own notice of a refused form. */
const refusedNotice = (page: Page): Locator =>
  page.getByRole("status").filter({ hasText: "This form can't be shown" });

const timeline = (page: Page): Locator => page.getByRole("region", { name: "Timeline" });

const focusedElement = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement;
    if (active === null || active.closest("section.ask-dock") === null) return null;
    return {
      tag: active.tagName.toLowerCase(),
      role: active.getAttribute("role"),
      type: active.getAttribute("type"),
      text: active.textContent ?? "",
      checked: active.getAttribute("aria-checked"),
      other: active.hasAttribute("data-other-field"),
    };
  });

/** Waits until the focus is on the shown question's typed field. */
async function focusOnField(page: Page, what: string): Promise<void> {
  await page
    .waitForFunction(
      () =>
        document.activeElement?.matches(
          "section.ask-dock fieldset[data-question-id] [data-other-field]",
        ) === true,
      null,
      { timeout: UI_TIMEOUT_MS },
    )
    .catch(async () => {
      throw new Error(
        `${what}: the focus is not in the field (${JSON.stringify(await focusedElement(page))})`,
      );
    });
}

/** Waits until the focus is on an option of the shown question. */
async function focusOnOption(page: Page, what: string): Promise<void> {
  await page
    .waitForFunction(
      () => {
        const active = document.activeElement;
        const role = active?.getAttribute("role");
        return (
          active?.closest("section.ask-dock fieldset[data-question-id]") != null &&
          (role === "radio" || role === "checkbox")
        );
      },
      null,
      { timeout: UI_TIMEOUT_MS },
    )
    .catch(async () => {
      throw new Error(
        `${what}: the focus is not on an option (${JSON.stringify(await focusedElement(page))})`,
      );
    });
}

/** Opens the page, calls sign_up and waits for its first question. */
async function openSignUp(context: CaseContext, query?: string): Promise<void> {
  await context.openPage(query);
  await context.callTool("sign_up");
  await atStep(context.page, 1);
}

/** Fills the shown field and moves on with Next (clicked). */
async function fillAndNext(page: Page, number: number, value: string): Promise<void> {
  await atStep(page, number);
  await field(page).fill(value);
  await expectNextEnabled(page, `question ${number}`);
  await nextButton(page).click();
  await atStep(page, number + 1);
}

async function expectNextEnabled(page: Page, what: string): Promise<void> {
  const disabled = await nextButton(page).getAttribute("aria-disabled");
  expectThat(disabled !== "true", `${what}: Next is aria-disabled`);
}

/** Checks one accepted content value by value and type by type, and that nothing else came. */
function expectAccepted(
  outcome: FormOutcome,
  tool: string,
  expected: Record<string, unknown>,
): void {
  expectThat(outcome.tool === tool, `the outcome is for ${outcome.tool}, not ${tool}`);
  expectThat(
    "result" in outcome,
    `the server refused the content: ${"error" in outcome ? outcome.error : ""}`,
  );
  if (!("result" in outcome)) return;
  const { result } = outcome;
  expectThat(result.action === "accept", `the server got ${JSON.stringify(result)}, not an accept`);
  const content = (result.content ?? {}) as Record<string, unknown>;
  const problems: string[] = [];
  for (const [name, value] of Object.entries(expected)) {
    const actual = content[name];
    const expectedType = Array.isArray(value) ? "array" : typeof value;
    const actualType = Array.isArray(actual) ? "array" : typeof actual;
    if (expectedType !== actualType)
      problems.push(
        `${name}: a ${actualType} (${JSON.stringify(actual)}), expected a ${expectedType}`,
      );
    else if (JSON.stringify(actual) !== JSON.stringify(value))
      problems.push(`${name}: ${JSON.stringify(actual)}, expected ${JSON.stringify(value)}`);
  }
  const extra = Object.keys(content).filter((name) => !(name in expected));
  if (extra.length > 0) problems.push(`unexpected fields: ${extra.join(", ")}`);
  expectThat(
    problems.length === 0,
    `the server received ${JSON.stringify(content)}:\n  ${problems.join("\n  ")}`,
  );
}

/** Checks the summary of the ended form: each field's title and its answer. */
async function expectSummary(
  page: Page,
  answers: ReadonlyArray<readonly [string, string]>,
): Promise<void> {
  const summary = timeline(page).locator(".ask-summary").last();
  await shows(summary);
  // biome-ignore lint/performance/useDomNodeTextContent: the summary as read, with its line breaks
  const text = (await summary.innerText()).replace(/\s+/g, " ");
  const missing = answers.filter(([title, answer]) => !text.includes(`${title}: ${answer}`));
  expectThat(
    missing.length === 0,
    `the summary lacks ${missing.map(([title, answer]) => `${title}: ${answer}`).join(", ")}:\n  ${text}`,
  );
}

const elicitationShows: Case = {
  name: "an elicitation shows in the dock: Question 1 of 12 with the first field's title",
  run: async (context) => {
    const { page } = context;
    await openSignUp(context);
    await shows(dock(page).getByRole("button", { name: "Name", exact: true }));
    const steps = (
      await dock(page).getByRole("list", { name: "Questions" }).locator("bdi").allInnerTexts()
    ).map((title) => title.trim());
    expectThat(
      steps.join() === SIGN_UP_TITLES.join(),
      `the dock's steps are ${steps.join(", ")}, not the form's titles in order`,
    );
    await shows(step(page).getByText("Your full name."));
    const id = await step(page).getAttribute("data-question-id");
    expectThat(id === "field_1", `the first step is ${id}, not field_1`);
    expectThat(
      await field(page).evaluate(
        (element) =>
          element.outerHTML.startsWith("<input") && element.getAttribute("type") === "text",
      ),
      "the name field (maxLength 40) is not a one-line text input",
    );
    expectThat(context.outcomes().length === 0, "the server heard back before any answer");
  },
};

/** What the click case types and picks, and what the server must receive. */
const CLICK_CONTENT = {
  fullName: "Ada Lovelace",
  email: "ada@example.com",
  website: "https://example.com/ada",
  seats: 2,
  budget: 1250.5,
  newsletter: true,
  plan: "team",
  editor: "vscode",
  regions: ["eu", "ap"],
  languages: ["TypeScript", "Go"],
  start: "2026-03-01",
  callAt: "2026-03-02T09:30:00Z",
};

const answerByClick: Case = {
  name: "the 12-field form answered by click: the server accepts typed content; the summary shows it",
  run: async (context) => {
    const { page } = context;
    await openSignUp(context);
    await fillAndNext(page, 1, "Ada Lovelace");
    await fillAndNext(page, 2, "ada@example.com");
    await fillAndNext(page, 3, "https://example.com/ada");
    await atStep(page, 4);
    // Seats keeps its default 2.
    await nextButton(page).click();
    await fillAndNext(page, 5, "1250.5");
    await atStep(page, 6);
    // Newsletter keeps its default Yes.
    await nextButton(page).click();
    await atStep(page, 7);
    // A single-select pick moves on by itself.
    await step(page).getByRole("radio", { name: /^Team/ }).click();
    await atStep(page, 8);
    await step(page)
      .getByRole("radio", { name: /^VS Code/ })
      .click();
    await atStep(page, 9);
    await step(page)
      .getByRole("checkbox", { name: /^Europe/ })
      .click();
    await step(page)
      .getByRole("checkbox", { name: /^Asia-Pacific/ })
      .click();
    await nextButton(page).click();
    await atStep(page, 10);
    await step(page)
      .getByRole("checkbox", { name: /^TypeScript/ })
      .click();
    await step(page).getByRole("checkbox", { name: /^Go/ }).click();
    await nextButton(page).click();
    await fillAndNext(page, 11, "2026-03-01");
    await atStep(page, 12);
    await field(page).fill("2026-03-02T09:30");
    const label = (await nextButton(page).textContent())?.trim();
    expectThat(label === "Submit", `the last step's button says ${label}, not Submit`);
    await nextButton(page).click();
    await hides(dock(page));
    expectAccepted(await context.outcomeAt(0), "sign_up", CLICK_CONTENT);
    await shows(page.getByRole("list", { name: "Tool results" }).getByText('"action":"accept"'));
    await expectSummary(page, [
      ["Name", "Ada Lovelace"],
      ["Email", "ada@example.com"],
      ["Website", "https://example.com/ada"],
      ["Seats", "2"],
      ["Budget", "1250.5"],
      ["Newsletter", "Yes"],
      ["Plan", "Team"],
      ["Editor", "VS Code"],
      ["Regions", "Europe, Asia-Pacific"],
      ["Languages", "TypeScript, Go"],
      ["Start date", "2026-03-01"],
      ["Call time", "2026-03-02T09:30:00Z"],
    ]);
    expectThat(context.outcomes().length === 1, "the server received more than one outcome");
  },
};

/** Presses `key` (a digit, Tab...) until `done` holds. */
async function pressUntil(
  page: Page,
  key: string,
  done: () => Promise<boolean>,
  what: string,
): Promise<void> {
  for (let presses = 0; !(await done()); presses += 1) {
    expectThat(presses < MAX_KEY_PRESSES, `${what}: ${key} never got there`);
    await page.keyboard.press(key);
  }
}

const answerByKeyboard: Case = {
  name: "the 12-field form answered by keyboard only (typing, arrows, digits, Space, Enter)",
  run: async (context) => {
    const { page } = context;
    await openSignUp(context);
    // The arriving form takes the focus once painted; Tab gets there otherwise.
    await page
      .waitForFunction(() => document.activeElement?.closest("section.ask-dock") != null, null, {
        timeout: 2_000,
      })
      .catch(() => undefined);
    await pressUntil(
      page,
      "Tab",
      async () => (await focusedElement(page))?.other === true,
      "the name field",
    );
    await page.keyboard.type("Grace Hopper");
    // The name is a textarea: Enter adds a line there, Ctrl+Enter continues.
    await page.keyboard.press("Control+Enter");
    await atStep(page, 2);
    await focusOnField(page, "email");
    await page.keyboard.type("grace@example.org");
    await page.keyboard.press("Enter");
    await atStep(page, 3);
    await focusOnField(page, "website");
    await page.keyboard.type("https://example.org/");
    await page.keyboard.press("Enter");
    await atStep(page, 4);
    await focusOnField(page, "seats");
    // The number input's own arrow: 2 becomes 3.
    await page.keyboard.press("ArrowUp");
    const seats = await field(page).inputValue();
    expectThat(seats === "3", `ArrowUp made seats ${seats}, not 3`);
    await page.keyboard.press("Enter");
    await atStep(page, 5);
    await focusOnField(page, "budget");
    await page.keyboard.type("99.5");
    await page.keyboard.press("Enter");
    await atStep(page, 6);
    await focusOnOption(page, "newsletter");
    // Digits pick an option; a pick moves on by itself.
    await page.keyboard.press("2");
    await atStep(page, 7);
    await focusOnOption(page, "plan");
    await page.keyboard.press("1");
    await atStep(page, 8);
    await focusOnOption(page, "editor");
    await page.keyboard.press("2");
    await atStep(page, 9);
    await focusOnOption(page, "regions");
    await page.keyboard.press("1");
    await page.keyboard.press("2");
    await page.keyboard.press("Enter");
    await atStep(page, 10);
    await focusOnOption(page, "languages");
    // Space toggles the focused checkbox; Tab moves to the next one.
    await page.keyboard.press("Space");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Space");
    await page.keyboard.press("Enter");
    await atStep(page, 11);
    await focusOnField(page, "start date");
    // Chromium's date input, en-US: month, day, year.
    await page.keyboard.type("04152026");
    const start = await field(page).inputValue();
    expectThat(start === "2026-04-15", `typing the start date gave "${start}"`);
    await page.keyboard.press("Enter");
    await atStep(page, 12);
    await focusOnField(page, "call time");
    // Month, day, year; the year takes up to six digits, so ArrowRight moves on to the time.
    await page.keyboard.type("04162026");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.type("0245P");
    const callAt = await field(page).inputValue();
    expectThat(callAt === "2026-04-16T14:45", `typing the call time gave "${callAt}"`);
    await page.keyboard.press("Enter");
    await hides(dock(page));
    expectAccepted(await context.outcomeAt(0), "sign_up", {
      fullName: "Grace Hopper",
      email: "grace@example.org",
      website: "https://example.org/",
      seats: 3,
      budget: 99.5,
      newsletter: false,
      plan: "free",
      editor: "vim",
      regions: ["eu", "us"],
      languages: ["TypeScript", "Python"],
      start: "2026-04-15",
      callAt: "2026-04-16T14:45:00Z",
    });
    await expectSummary(page, [
      ["Name", "Grace Hopper"],
      ["Seats", "3"],
      ["Newsletter", "No"],
      ["Plan", "Free"],
      ["Editor", "Vim"],
      ["Regions", "Europe, Americas"],
      ["Call time", "2026-04-16T14:45:00Z"],
    ]);
  },
};

/** Goes to the step whose header is `title` through the dock's step list. */
async function goToStep(page: Page, title: string, number: number): Promise<void> {
  await dock(page)
    .getByRole("list", { name: "Questions" })
    .getByRole("button", { name: new RegExp(`^${title}`) })
    .click();
  await atStep(page, number);
}

/** Checks the shown issue, the field's aria-invalid and Next's aria-disabled. */
async function expectRefused(page: Page, what: string, message: string): Promise<void> {
  await page
    .waitForFunction(
      (expected) =>
        document.querySelector("section.ask-dock .ask-step__issue")?.textContent === expected,
      message,
      { timeout: UI_TIMEOUT_MS },
    )
    .catch(async () => {
      throw new Error(
        `${what}: the issue reads "${await issue(page).textContent()}", not "${message}"`,
      );
    });
  const live = await issue(page).getAttribute("aria-live");
  expectThat(live === "polite", `${what}: the issue is not aria-live (${live})`);
  const disabled = await nextButton(page).getAttribute("aria-disabled");
  expectThat(disabled === "true", `${what}: Next is not aria-disabled`);
}

/** Types `value` in the shown field and checks the refusal; Next and Enter do not move on. */
async function refuseTyped(
  page: Page,
  number: number,
  what: string,
  value: string,
  message: string,
): Promise<void> {
  await field(page).fill(value);
  await expectRefused(page, what, message);
  const invalid = await field(page).getAttribute("aria-invalid");
  expectThat(invalid === "true", `${what}: the field is not aria-invalid`);
  // Playwright waits for an aria-disabled button to be enabled; a person clicks it anyway.
  await nextButton(page).click({ force: true });
  await field(page).press("Control+Enter");
  await shows(dock(page).getByText(`Question ${number} of 12`, { exact: true }));
  await expectRefused(page, `${what} (after Next)`, message);
}

const constraintsRefused: Case = {
  name: "each broken constraint is refused in the dock with its message and never sent",
  run: async (context) => {
    const { page } = context;
    await openSignUp(context);
    await refuseTyped(page, 1, "a one-letter name", "A", "Use at least 2 characters");
    await refuseTyped(page, 1, "a 41-letter name", "x".repeat(41), "Use at most 40 characters");
    await field(page).fill("Ada Lovelace");
    await nextButton(page).click();
    await atStep(page, 2);
    await refuseTyped(
      page,
      2,
      "a bad email",
      "ada@example",
      "Enter an email address, like name@example.com",
    );
    await refuseTyped(
      page,
      2,
      "an email without @",
      "ada.example.com",
      "Enter an email address, like name@example.com",
    );
    await field(page).fill("ada@example.com");
    await nextButton(page).click();
    await atStep(page, 3);
    const uri = "Enter a full address, like https://example.com";
    await refuseTyped(page, 3, "a relative URI", "/ada", uri);
    await refuseTyped(page, 3, "a URI without scheme", "example.com/ada", uri);
    await field(page).fill("");
    await nextButton(page).click();
    await atStep(page, 4);
    await refuseTyped(page, 4, "seats 0", "0", "Enter 1 or more");
    await refuseTyped(page, 4, "seats 11", "11", "Enter 10 or less");
    await refuseTyped(page, 4, "seats 2.5", "2.5", "Enter a whole number");
    await field(page).fill("2");
    await nextButton(page).click();
    await atStep(page, 5);
    await refuseTyped(page, 5, "budget -1", "-1", "Enter 0 or more");
    await refuseTyped(page, 5, "budget 5001", "5001", "Enter 5,000 or less");
    await goToStep(page, "Regions", 9);
    for (const region of ["Europe", "Americas", "Asia-Pacific"])
      await step(page)
        .getByRole("checkbox", { name: new RegExp(`^${region}`) })
        .click();
    await expectRefused(page, "three regions", "Choose at most 2");
    await nextButton(page).click({ force: true });
    await atStep(page, 9);
    await goToStep(page, "Start date", 11);
    // Chromium's date input holds only real dates: Feb 30 is never its value.
    const impossible = await field(page)
      .fill("2026-02-30")
      .then(
        async () => field(page).inputValue(),
        (error: unknown) => `refused by Playwright: ${String(error).split("\n")[0]}`,
      );
    expectThat(impossible !== "2026-02-30", `the date input took the impossible date 2026-02-30`);
    console.log(
      `      note: an impossible date cannot be entered (the date input gave "${impossible}"); that check is skipped`,
    );
    await settle(page);
    expectThat(
      context.outcomes().length === 0,
      `the server received ${JSON.stringify(context.outcomes())}`,
    );
  },
};

const defaultsPrefilled: Case = {
  name: "defaults are pre-filled: seats 2, newsletter Yes, plan Pro",
  run: async (context) => {
    const { page } = context;
    await openSignUp(context);
    await goToStep(page, "Seats", 4);
    const seats = await field(page).inputValue();
    expectThat(seats === "2", `seats shows "${seats}", not 2`);
    await expectNextEnabled(page, "seats");
    await goToStep(page, "Newsletter", 6);
    const yes = step(page).getByRole("radio", { name: /^Yes/ });
    const no = step(page).getByRole("radio", { name: /^No/ });
    expectThat((await yes.getAttribute("aria-checked")) === "true", "Yes is not checked");
    expectThat((await no.getAttribute("aria-checked")) === "false", "No is checked");
    await goToStep(page, "Plan", 7);
    const checked = await step(page).locator('[role="radio"][aria-checked="true"]').allInnerTexts();
    expectThat(
      checked.length === 1 && checked[0]?.startsWith("Pro") === true,
      `the plan's checked options are ${JSON.stringify(checked)}, not Pro`,
    );
    await goToStep(page, "Website", 3);
    await shows(step(page).locator("legend").getByText("(optional)"));
  },
};

const skipAndDeadline: Case = {
  name: "Skip gives decline; the deadline (?timeout=3000) gives cancel",
  run: async (context) => {
    const { page } = context;
    await openSignUp(context);
    await field(page).fill("Typed then skipped");
    await dock(page).getByRole("button", { name: /^Skip/ }).click();
    const confirm = dock(page).getByRole("button", { name: "Yes, skip" });
    if ((await confirm.count()) > 0) await confirm.click();
    await hides(dock(page));
    const declined = await context.outcomeAt(0);
    expectThat(
      JSON.stringify(declined) ===
        JSON.stringify({ tool: "sign_up", result: { action: "decline" } }),
      `Skip gave the server ${JSON.stringify(declined)}`,
    );

    await context.openPage(`?timeout=${SHORT_TIMEOUT_MS}`);
    const asked = Date.now();
    await context.callTool("confirm_release");
    await atStep(page, 1, 2);
    await page.waitForTimeout(SHORT_TIMEOUT_MS / 2);
    expectThat(context.outcomes().length === 1, "the form ended before its deadline");
    await hides(dock(page));
    const cancelled = await context.outcomeAt(1);
    const waited = Date.now() - asked;
    expectThat(
      JSON.stringify(cancelled) ===
        JSON.stringify({ tool: "confirm_release", result: { action: "cancel" } }),
      `the deadline gave the server ${JSON.stringify(cancelled)}`,
    );
    expectThat(waited >= SHORT_TIMEOUT_MS, `the form ended after ${waited} ms`);
  },
};

const outOfSpec: Case = {
  name: "an out-of-spec schema is declined with a notice; no dock shows",
  run: async (context) => {
    const { page } = context;
    await context.openPage();
    await context.callTool("nested_form");
    const outcome = await context.outcomeAt(0);
    expectThat(
      JSON.stringify(outcome) ===
        JSON.stringify({ tool: "nested_form", result: { action: "decline" } }),
      `the server received ${JSON.stringify(outcome)}`,
    );
    await shows(refusedNotice(page));
    const notice = ((await refusedNotice(page).textContent()) ?? "").trim();
    expectThat(
      notice.includes("Where should we ship it?") &&
        notice.includes('"address"') &&
        notice.includes("object"),
      `the notice does not say why: ${notice}`,
    );
    await settle(page);
    expectThat((await page.locator("section.ask-dock").count()) === 0, "a dock showed");
    expectThat((await page.locator(".ask-bar").count()) === 0, "a question bar showed");
  },
};

const reloadMidForm: Case = {
  name: "a reload mid-form says the request ended and shows what was typed",
  run: async (context) => {
    const { page } = context;
    await openSignUp(context);
    await field(page).fill("Typed before the reload");
    await nextButton(page).click();
    await atStep(page, 2);
    await field(page).fill("typed@example.com");
    // The drafts are saved as they change; give the store a moment.
    await page.waitForTimeout(300);
    await context.reloadPage();
    // The MCP client lives in the page: the old request is gone with it, so the form must show as
    // ended, with what was typed kept as unsent.
    const summary = timeline(page).locator(".ask-summary");
    await shows(summary.getByText("Typed before the reload"));
    await shows(summary.getByText("typed@example.com"));
    await settle(page);
    // biome-ignore lint/performance/useDomNodeTextContent: the summary as read, with its line breaks
    const text = (await timeline(page).innerText()).replace(/\s+/g, " ").trim();
    for (const expected of [
      "The MCP server no longer waits for",
      "Name: (no answer) Your unsent answer: Typed before the reload",
      "Email: (no answer) Your unsent answer: typed@example.com",
    ])
      expectThat(text.includes(expected), `the timeline lacks "${expected}":\n  ${text}`);
    expectThat(!/gateway/i.test(text), `the timeline speaks of a gateway:\n  ${text}`);
    expectThat((await dock(page).count()) === 0, "the ended form still shows in the dock");
    expectThat(
      context.outcomes().length === 0,
      `the server received ${JSON.stringify(context.outcomes())}`,
    );
    console.log(`      note: after the reload the timeline reads: ${text.slice(0, 220)}…`);
  },
};

const accessible: Case = {
  name: "axe-core finds no violation in the dock (text, issue, choice, multi-select)",
  run: async (context) => {
    const { page } = context;
    await openSignUp(context);
    await context.expectDockAccessible("text field step");
    await field(page).fill("A");
    await expectRefused(page, "one letter", "Use at least 2 characters");
    await context.expectDockAccessible("text field with an issue");
    await goToStep(page, "Seats", 4);
    await context.expectDockAccessible("number field step");
    await goToStep(page, "Plan", 7);
    await context.expectDockAccessible("single-select step");
    await goToStep(page, "Regions", 9);
    await step(page)
      .getByRole("checkbox", { name: /^Europe/ })
      .click();
    await context.expectDockAccessible("multi-select step");
    await step(page)
      .getByRole("checkbox", { name: /^Americas/ })
      .click();
    await step(page)
      .getByRole("checkbox", { name: /^Asia-Pacific/ })
      .click();
    await expectRefused(page, "three regions", "Choose at most 2");
    await context.expectDockAccessible("multi-select with an issue");
    await goToStep(page, "Call time", 12);
    await context.expectDockAccessible("date-time step");
  },
};

/** Every case, in the order they run. */
export const CASES: Case[] = [
  elicitationShows,
  answerByClick,
  answerByKeyboard,
  constraintsRefused,
  defaultsPrefilled,
  skipAndDeadline,
  outOfSpec,
  reloadMidForm,
  accessible,
  ...EDGE_CASES,
  ...VALIDATOR_CASES,
  ...URL_CASES,
  ...README_URL_CASES,
  ...SDK_FORM_CASES,
];
