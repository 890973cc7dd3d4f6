import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { ComposerDock } from "../../src/react/composer-dock";
import { createEntry } from "../../src/store/outcomes";
import { singleChoiceRecord } from "../../src/testing/fixtures";
import { renderWithStore } from "./support";

const composer = <textarea aria-label="Message" />;
const PANEL_PARTS = ".ask-dock, .ask-card, .ask-bar";
const REHEARSAL_MS = 5000;

type Seen = { parts: Set<string>; together: number; visibleToAssistiveTech: number };

/** Watches every DOM change: which parts the rehearsal showed, and whether it ever met a real one. */
function watchRehearsal(onRehearsal?: () => void): { seen: Seen; stop: () => void } {
  const seen: Seen = { parts: new Set(), together: 0, visibleToAssistiveTech: 0 };
  const observer = new MutationObserver(() => {
    const rehearsal = document.querySelector(".ask-warm-up");
    if (rehearsal === null) return;
    onRehearsal?.();
    for (const part of rehearsal.querySelectorAll(PANEL_PARTS)) {
      seen.parts.add(part.className.split(" ")[0] ?? "");
    }
    const real = [...document.querySelectorAll(PANEL_PARTS)].filter(
      (part) => part.closest(".ask-warm-up") === null,
    );
    if (real.length > 0) seen.together += 1;
    if (rehearsal.getAttribute("aria-hidden") !== "true" || !rehearsal.hasAttribute("inert")) {
      seen.visibleToAssistiveTech += 1;
    }
  });
  observer.observe(document.body, { childList: true, subtree: true });
  return { seen, stop: () => observer.disconnect() };
}

/** Everything the page keeps in its session and local storage. */
function storedItems(): Record<string, string | null> {
  const items: Record<string, string | null> = {};
  for (const [name, storage] of [
    ["session", sessionStorage],
    ["local", localStorage],
  ] as const) {
    for (let index = 0; index < storage.length; index += 1) {
      const key = storage.key(index);
      if (key !== null) items[`${name}:${key}`] = storage.getItem(key);
    }
  }
  return items;
}

let stopWatching: (() => void) | null = null;
afterEach(() => {
  stopWatching?.();
  setActEnvironment(true);
});

function setActEnvironment(on: boolean): void {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = on;
}

describe("given a page idle after it loaded, with no question", () => {
  it("should render the dock, the card and the bar once out of sight and reach, then leave nothing", async () => {
    const user = userEvent.setup();
    const watch = watchRehearsal();
    stopWatching = watch.stop;
    const { store } = renderWithStore(<ComposerDock composer={composer} />, { prompts: [] });
    const before = store.getState().prompts;
    const storedBefore = storedItems();
    await user.click(screen.getByRole("textbox", { name: "Message" }));
    await waitFor(() => expect(watch.seen.parts.size).toBe(3), { timeout: REHEARSAL_MS });
    await waitFor(() => expect(document.querySelector(".ask-warm-up")).toBeNull());

    expect([...watch.seen.parts].sort()).toEqual(["ask-bar", "ask-card", "ask-dock"]);
    expect(watch.seen.visibleToAssistiveTech).toBe(0);
    expect(screen.getByRole("textbox", { name: "Message" })).toHaveFocus();
    expect(screen.queryByRole("region")).not.toBeInTheDocument();
    expect(screen.getByRole("status")).toBeEmptyDOMElement();
    expect(store.getState().prompts).toBe(before);
    // Its question goes the way a host's is kept, into storage that forgets it.
    expect(storedItems()).toEqual(storedBefore);
  });
});

describe("given a question arriving while the panel rehearses", () => {
  it("should show the question alone: the rehearsal is gone in the same change", async () => {
    let asked = false;
    const rendered: { store: ReturnType<typeof renderWithStore>["store"] | null } = { store: null };
    const watch = watchRehearsal(() => {
      if (asked || rendered.store === null) return;
      asked = true;
      const store = rendered.store;
      // As in a page: React commits, and the DOM is watched, before the effects that follow run.
      setActEnvironment(false);
      store.setState({
        prompts: new Map([[singleChoiceRecord.id, createEntry(singleChoiceRecord)]]),
        order: [singleChoiceRecord.id],
      });
    });
    stopWatching = watch.stop;
    rendered.store = renderWithStore(<ComposerDock composer={composer} />, { prompts: [] }).store;

    const dock = await screen.findByRole(
      "region",
      { name: "Question from the agent" },
      { timeout: REHEARSAL_MS },
    );
    expect(asked).toBe(true);
    expect(dock.closest(".ask-warm-up")).toBeNull();
    expect(document.querySelector(".ask-warm-up")).toBeNull();
    expect(watch.seen.together).toBe(0);
  });
});
