/** WCAG contrast ratio of two computed `rgb()` / `rgba()` colours (alpha ignored). */
export function contrastRatio(foreground: string, background: string): number {
  const luminance = (color: string) => {
    const channels = (color.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
    const [red = 0, green = 0, blue = 0] = channels.map((value) => {
      const unit = value / 255;
      return unit <= 0.03928 ? unit / 12.92 : ((unit + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue;
  };
  const [light, dark] = [luminance(foreground), luminance(background)].sort((a, b) => b - a);
  return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
}

/** True when the two boxes share a row: each one's vertical centre lies within the other. */
export function onOneRow(first: Element, second: Element): boolean {
  const a = first.getBoundingClientRect();
  const b = second.getBoundingClientRect();
  const centreA = (a.top + a.bottom) / 2;
  const centreB = (b.top + b.bottom) / 2;
  return centreA >= b.top && centreA <= b.bottom && centreB >= a.top && centreB <= a.bottom;
}

/** The style rules of the page's sheets, with the conditions (`@media`, `@supports`) around each. */
export function styleRules(): Array<{ rule: CSSStyleRule; conditions: string[] }> {
  const found: Array<{ rule: CSSStyleRule; conditions: string[] }> = [];
  const walk = (rules: CSSRuleList, conditions: string[]) => {
    for (const rule of Array.from(rules)) {
      if (rule instanceof CSSStyleRule) found.push({ rule, conditions });
      else if (rule instanceof CSSConditionRule) {
        walk(rule.cssRules, [...conditions, rule.conditionText]);
      } else if (rule instanceof CSSImportRule && rule.styleSheet !== null) {
        walk(rule.styleSheet.cssRules, conditions);
      }
    }
  };
  for (const sheet of Array.from(document.styleSheets)) {
    try {
      walk(sheet.cssRules, []);
    } catch {
      // A sheet of another origin cannot be read; the kit's own sheets are same-origin.
    }
  }
  return found;
}

/** Waits two frames, so scroll-driven styles follow a scroll. */
export function nextFrames(): Promise<void> {
  return new Promise((resolve) =>
    requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
  );
}
