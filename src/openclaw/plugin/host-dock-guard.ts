import type { QuestionStore } from "../../store/types";
import {
  HOST_DOCK_REVEALED,
  HOST_PANEL_TOGGLE,
  HOST_QUESTION_DOCK,
  HOST_QUESTION_PANEL,
} from "./host-classes";

/**
 * How long a host dock may show what the kit does not know before it is revealed: the host hears
 * of a question a few milliseconds before the kit, and loads its own on a reload apart from it.
 */
export const REVEAL_AFTER_MS = 1000;

/** What the guards read of the kit's store. */
export type StoreApi = {
  getState(): QuestionStore;
  subscribe(listener: () => void): () => void;
};

/**
 * The texts of every question the kit stands for, whatever became of it (the host hears of an
 * ending a moment after the kit): the question, and its header (the host's panel, collapsed,
 * names a question by its header alone). Not an optional question this user dismissed in the
 * kit: the plugin's thread has no summary of the kit's to bring it back from, so the host's dock
 * shows it, where it can still be answered or dismissed as OpenClaw keeps it.
 */
function knownQuestionTexts(store: StoreApi): string[] {
  const texts: string[] = [];
  for (const entry of store.getState().prompts.values()) {
    const dismissed =
      entry.record.origin === "async" && entry.status === "cancelled" && !entry.answeredElsewhere;
    if (dismissed) continue;
    for (const question of entry.record.questions) {
      for (const text of [question.question.trim(), question.header.trim()])
        if (text !== "") texts.push(text);
    }
  }
  return texts;
}

/**
 * The dock's texts, each text node whole: the host writes a question and a header each as a node
 * of its own, so a held header ("Env") is not found inside another question ("…Environment…").
 */
function shownTexts(dock: Element): Set<string> {
  const texts = new Set<string>();
  const walker = dock.ownerDocument.createTreeWalker(dock, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
    const text = node.nodeValue?.trim() ?? "";
    if (text !== "") texts.add(text);
  }
  return texts;
}

/**
 * Whether the kit stands for what a host dock shows: the parts it knows are there (a panel with its
 * own collapse control, for the kit to keep it collapsed), and the question the panel names is one
 * the kit holds (the first one the host shows: its panel names no other). A host that wrote them
 * otherwise (split or shortened) gets its dock revealed, never a question hidden.
 */
function kitCovers(dock: Element, known: readonly string[]): boolean {
  if (dock.querySelector(HOST_QUESTION_PANEL) === null) return false;
  if (dock.querySelector(HOST_PANEL_TOGGLE) === null) return false;
  const shown = shownTexts(dock);
  return known.some((text) => shown.has(text));
}

/**
 * Hides the host's question dock in `slot` (the built-in composer the kit mounts, by CSS) only while
 * the kit stands for it: a dock the kit cannot read (a host whose class names changed) or that
 * shows a question the kit does not hold (a kind it does not handle) is revealed once it has done
 * so for `REVEAL_AFTER_MS`, and hidden again once the kit covers it.
 */
export function guardHostDock(slot: HTMLElement, store: StoreApi): () => void {
  const strangers = new Map<Element, ReturnType<typeof setTimeout>>();
  const check = () => {
    const known = knownQuestionTexts(store);
    const docks = new Set(slot.querySelectorAll(HOST_QUESTION_DOCK));
    for (const [dock, timer] of strangers) {
      if (!docks.has(dock)) {
        clearTimeout(timer);
        strangers.delete(dock);
      }
    }
    for (const dock of docks) {
      if (kitCovers(dock, known)) {
        clearTimeout(strangers.get(dock));
        strangers.delete(dock);
        if (dock.hasAttribute(HOST_DOCK_REVEALED)) dock.removeAttribute(HOST_DOCK_REVEALED);
      } else if (!dock.hasAttribute(HOST_DOCK_REVEALED) && !strangers.has(dock)) {
        strangers.set(
          dock,
          setTimeout(() => {
            strangers.delete(dock);
            if (!kitCovers(dock, knownQuestionTexts(store)))
              dock.setAttribute(HOST_DOCK_REVEALED, "");
          }, REVEAL_AFTER_MS),
        );
      }
    }
  };
  const observer = new MutationObserver(check);
  // A class that changes is a part the kit knows that comes or goes (a panel collapsing, or one
  // the kit cannot name).
  observer.observe(slot, {
    childList: true,
    subtree: true,
    characterData: true,
    attributes: true,
    attributeFilter: ["class"],
  });
  const unsubscribe = store.subscribe(check);
  check();
  return () => {
    observer.disconnect();
    unsubscribe();
    for (const timer of strangers.values()) clearTimeout(timer);
    strangers.clear();
  };
}
