import type { Locator, Page } from "playwright-core";
import type { Question } from "../../../src/protocol/types";
import type { Flow } from "../harness";
import { dock, expectThat, hides, shows, turn } from "../page-helpers";

const PHONE = { width: 390, height: 844 };

// An override (U+202E) and an isolate (U+2067) inside agent text: rendered as written, the header
// would read "abhgfedc" and the option "Open exe.png".
const HEADER = "ab\u202Ecd\u2067ef\u2069gh";
const LABEL = "Open \u202Egnp.exe";
const DESCRIPTION = "Live \u202Etraffic";
const SHOWN = { header: "abcdefgh", label: "Open gnp.exe", description: "Live traffic" };
const CONTROL = /[\u202A-\u202E\u2066-\u2069]/u;

const QUESTIONS: Question[] = [
  {
    questionId: "file",
    header: HEADER,
    question: "Which file should I open?",
    options: [{ label: LABEL, description: DESCRIPTION }, { label: "Keep" }],
    isOther: true,
  },
  {
    questionId: "name",
    header: "Name",
    question: "What should the copy be called?",
    options: [],
    isOther: true,
  },
];

/** Each character of the element's text with where it was painted. */
function glyphsOf(locator: Locator) {
  return locator.first().evaluate((element) => {
    const glyphs: Array<{ character: string; left: number; top: number }> = [];
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
      const text = node.textContent ?? "";
      for (let index = 0; index < text.length; index += 1) {
        const range = document.createRange();
        range.setStart(node, index);
        range.setEnd(node, index + 1);
        const rect = range.getClientRects()[0];
        glyphs.push({
          character: text[index] ?? "",
          left: rect?.left ?? Number.NaN,
          top: rect?.top ?? Number.NaN,
        });
      }
    }
    return glyphs;
  });
}

/**
 * Throws unless the element shows `expected` and paints it in the order it was written: on one
 * line, each character to the right of the one before it.
 */
async function expectReadsInOrder(locator: Locator, expected: string, where: string) {
  await shows(locator);
  const glyphs = await glyphsOf(locator);
  const text = glyphs.map((glyph) => glyph.character).join("");
  const painted = glyphs.map((glyph) => `${glyph.character}@${Math.round(glyph.left)}`).join(" ");
  const inOrder = glyphs.every((glyph, index) => {
    const before = glyphs[index - 1];
    return before === undefined || (glyph.top === before.top && glyph.left > before.left);
  });
  expectThat(inOrder, `${where} is painted out of the order it was written: ${painted}`);
  expectThat(text === expected, `${where} shows ${JSON.stringify(text)}, not "${expected}"`);
}

/** Throws when the page scrolls sideways or `locator` is not wholly in the viewport. */
async function expectFits(page: Page, locator: Locator, what: string) {
  const size = page.viewportSize();
  const overflow = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expectThat(
    overflow.scrollWidth <= overflow.innerWidth,
    `the page overflows sideways: ${JSON.stringify(overflow)}`,
  );
  const box = await locator.boundingBox();
  expectThat(
    size !== null &&
      box !== null &&
      box.x >= 0 &&
      box.y >= 0 &&
      box.x + box.width <= size.width + 1 &&
      box.y + box.height <= size.height + 1,
    `${what} is not wholly in view: ${JSON.stringify(box)} in ${JSON.stringify(size)}`,
  );
}

/**
 * Direction controls inside agent text (an override, an isolate) cannot reorder it: the dock, the
 * summary and the stacked card paint the header, option and description in the order written,
 * with no control left in the text and nothing pushed out of view; the answer is the label as sent.
 */
export const bidiControls: Flow = {
  name: "bidi-controls",
  run: async ({ page, openPage, backend, sessionKey, expectAccessible }) => {
    await openPage();
    const { id } = await backend.request({ sessionKey, questions: QUESTIONS });
    await shows(dock(page).getByText("Which file should I open?"));
    await expectReadsInOrder(
      dock(page).locator(".ask-steps__step bdi"),
      SHOWN.header,
      "the dock's header",
    );
    await expectReadsInOrder(
      dock(page).locator(".ask-option__label bdi", { hasText: "gnp" }),
      SHOWN.label,
      "the dock's option",
    );
    await expectReadsInOrder(
      dock(page).locator(".ask-option__description bdi", { hasText: "traffic" }),
      SHOWN.description,
      "the dock's description",
    );
    await expectFits(page, dock(page).getByRole("button", { name: "Next" }), "Next");
    const plainText = await page.getByRole("region", { name: "Plain text message" }).textContent();
    expectThat(!CONTROL.test(plainText ?? ""), "the plain-text channel shows a direction control");
    await expectAccessible("direction controls in the dock");

    await dock(page).getByRole("radio", { name: SHOWN.label }).click();
    await dock(page).getByRole("textbox").fill("copy");
    await dock(page).getByRole("button", { name: "Submit" }).click();
    await hides(dock(page));
    const record = await backend.get(id);
    expectThat(
      JSON.stringify(record.answers?.answers.file) === JSON.stringify([LABEL]),
      `the gateway got ${JSON.stringify(record.answers)}, not the label as written`,
    );
    const summary = turn(page, "Another agent turn").locator(".ask-summary");
    await expectReadsInOrder(
      summary.locator(".ask-summary__header bdi"),
      SHOWN.header,
      "the summary's header",
    );
    await expectReadsInOrder(
      summary.locator(".ask-summary__value"),
      SHOWN.label,
      "the summary's answer",
    );

    await page.setViewportSize(PHONE);
    await backend.request({ sessionKey, questions: QUESTIONS });
    const card = page.locator(".ask-composer-dock .ask-card");
    await shows(card.getByText("Which file should I open?"));
    await expectReadsInOrder(
      card.locator(".ask-card__question-header bdi"),
      SHOWN.header,
      "the card's header",
    );
    await expectReadsInOrder(
      card.locator(".ask-option__label bdi", { hasText: "gnp" }),
      SHOWN.label,
      "the card's option",
    );
    await expectReadsInOrder(
      card.locator(".ask-option__description bdi", { hasText: "traffic" }),
      SHOWN.description,
      "the card's description",
    );
    await expectFits(page, card.getByRole("button", { name: "Submit" }), "the card's Submit");
    await card.getByRole("radio", { name: SHOWN.label }).click();
    await card.getByRole("textbox", { name: /copy be called/ }).fill("copy");
    await card.getByRole("button", { name: "Submit" }).click();
    await card.waitFor({ state: "detached" });
  },
};
