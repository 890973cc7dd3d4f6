// The layout check for stories tagged "narrow-layout": at a phone's width no text may widen the
// page, and the panel's own buttons must stay on screen and receive a click.

/** Stories with this tag are opened at NARROW_VIEWPORT and checked. */
export const NARROW_LAYOUT_TAG = "narrow-layout";
/** A common phone viewport. */
export const NARROW_VIEWPORT = { width: 390, height: 844 };

/** Measures the open story; returns the page's width and one line per problem found. */
export function checkNarrowLayout(page) {
  return page.evaluate((viewport) => {
    const problems = [];
    const pageWidth = document.documentElement.scrollWidth;
    if (pageWidth > viewport.width) {
      problems.push(`the page is ${pageWidth} px wide at a ${viewport.width} px viewport`);
    }
    // A scrolling question body hides a line too wide for it instead of widening the page; text
    // must wrap there as well. A text field scrolls its own long line by design.
    for (const element of document.querySelectorAll("#storybook-root *")) {
      if (element.matches("input, textarea")) continue;
      const { overflowX } = getComputedStyle(element);
      const scrolls = overflowX === "auto" || overflowX === "scroll";
      if (scrolls && element.scrollWidth > element.clientWidth + 1) {
        problems.push(
          `<${element.localName} class="${element.getAttribute("class") ?? ""}"> scrolls sideways (${element.scrollWidth} px of content in ${element.clientWidth} px)`,
        );
      }
    }
    // Buttons inside a scrolling question body may sit below its fold; the rest must be in view.
    const buttons = [...document.querySelectorAll("#storybook-root button")].filter(
      (button) => button.closest(".ask-dock__body, .ask-card__body") === null,
    );
    const hasPanel = document.querySelector("#storybook-root :is(.ask-dock, .ask-card)") !== null;
    if (hasPanel && !buttons.some((button) => button.dataset.variant === "primary")) {
      problems.push("the panel shows no primary button");
    }
    for (const button of buttons) {
      const name = (button.getAttribute("aria-label") ?? button.textContent ?? "").slice(0, 40);
      const box = button.getBoundingClientRect();
      const inView =
        box.width > 0 &&
        box.height > 0 &&
        box.left >= 0 &&
        box.top >= 0 &&
        box.right <= window.innerWidth &&
        box.bottom <= window.innerHeight;
      if (!inView) {
        const where = [box.left, box.top, box.right, box.bottom].map(Math.round).join(", ");
        problems.push(`button "${name}" is not within the viewport (${where})`);
        continue;
      }
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      if (hit === null || !button.contains(hit)) {
        const what =
          hit === null
            ? "nothing"
            : `<${hit.localName} class="${hit.getAttribute("class") ?? ""}">`;
        problems.push(`button "${name}" does not receive a click at its centre (${what} does)`);
      }
    }
    return { pageWidth, problems };
  }, NARROW_VIEWPORT);
}
