// @vitest-environment jsdom
// The host-dock guard fed host DOMs of its own: what it reveals, what it leaves hidden.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { HOST_DOCK_REVEALED } from "../../src/openclaw/plugin/host-classes";
import {
  guardHostDock,
  REVEAL_AFTER_MS,
  type StoreApi,
} from "../../src/openclaw/plugin/host-dock-guard";
import type { QuestionStore } from "../../src/store/types";

type Asked = { question: string; header: string; dismissedAsync?: boolean };

/** A store that holds one prompt per question given; `hold` adds one later. */
function storeHolding(asked: Asked[]) {
  const listeners = new Set<() => void>();
  const prompts = new Map<string, unknown>();
  const hold = (question: Asked) => {
    const { dismissedAsync, ...asked } = question;
    prompts.set(
      `p${prompts.size}`,
      dismissedAsync === true
        ? {
            record: { questions: [asked], origin: "async" },
            status: "cancelled",
            answeredElsewhere: false,
          }
        : { record: { questions: [asked] }, status: "pending", answeredElsewhere: false },
    );
    for (const listener of listeners) listener();
  };
  for (const question of asked) hold(question);
  const store: StoreApi = {
    getState: () => ({ prompts }) as unknown as QuestionStore,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return { store, hold };
}

/** The host's dock as OpenClaw 2026.9.6 renders it, collapsed or expanded; or renamed parts. */
function hostDock(shown: string, parts: { panel?: string; toggle?: string } = {}): string {
  const panel = parts.panel ?? "chat-question-panel";
  const toggle = parts.toggle ?? "chat-question-panel__collapse";
  return `<div class="agent-chat__question-dock"><section class="${panel}">
    <button class="${toggle}" aria-expanded="true"></button>
    <span class="chat-question-panel__prompt">${shown}</span></section></div>`;
}

const DEPLOY = { question: "Which environment should receive this release?", header: "Target" };

describe("given the plugin's guard over the host's question dock", () => {
  let slot: HTMLElement;
  let stop: (() => void) | null = null;
  const dock = () => slot.querySelector(".agent-chat__question-dock");
  /** Lets the guard's observer run, then the time pass. */
  const elapse = async (ms: number) => {
    await Promise.resolve();
    vi.advanceTimersByTime(ms);
  };

  beforeEach(() => {
    vi.useFakeTimers();
    slot = document.createElement("div");
    document.body.append(slot);
  });

  afterEach(() => {
    stop?.();
    stop = null;
    slot.remove();
    vi.useRealTimers();
  });

  it("should leave a dock hidden that shows a question the kit holds, named by its text or its header", async () => {
    const { store } = storeHolding([DEPLOY]);
    stop = guardHostDock(slot, store);
    slot.innerHTML = hostDock(DEPLOY.question);
    await elapse(REVEAL_AFTER_MS * 2);
    expect(dock()?.hasAttribute(HOST_DOCK_REVEALED)).toBe(false);
    // Collapsed, the host writes "<title> · <header>", each part a text node of its own (lit).
    slot.innerHTML = hostDock(`Waiting<!----> · <!---->${DEPLOY.header}`, {
      toggle: "chat-question-panel__collapsed-button",
    });
    await elapse(REVEAL_AFTER_MS * 2);
    expect(dock()?.hasAttribute(HOST_DOCK_REVEALED)).toBe(false);
  });

  it("should reveal a dock whose question only contains a held question's short header, not shows it", async () => {
    const { store } = storeHolding([{ question: "Ship it now?", header: "Env" }]);
    stop = guardHostDock(slot, store);
    slot.innerHTML = hostDock("Which Environment file should the build load?");
    await elapse(REVEAL_AFTER_MS * 2);
    expect(dock()?.hasAttribute(HOST_DOCK_REVEALED)).toBe(true);
  });

  it("should reveal a dock that shows an optional question the user dismissed in the kit, which the kit no longer shows", async () => {
    const { store } = storeHolding([{ ...DEPLOY, dismissedAsync: true }]);
    stop = guardHostDock(slot, store);
    slot.innerHTML = hostDock(DEPLOY.question);
    await elapse(REVEAL_AFTER_MS * 2);
    expect(dock()?.hasAttribute(HOST_DOCK_REVEALED)).toBe(true);
  });

  it("should reveal a dock that shows a question the kit does not hold, once it has for a second", async () => {
    const { store } = storeHolding([DEPLOY]);
    stop = guardHostDock(slot, store);
    slot.innerHTML = hostDock("Approve the database migration?");
    await elapse(REVEAL_AFTER_MS - 100);
    expect(dock()?.hasAttribute(HOST_DOCK_REVEALED)).toBe(false);
    await elapse(200);
    expect(dock()?.hasAttribute(HOST_DOCK_REVEALED)).toBe(true);
  });

  it("should leave hidden a question the kit hears of within the second, and hide a revealed one the kit learns of", async () => {
    const late = { question: "Which region first?", header: "Region" };
    const { store, hold } = storeHolding([]);
    stop = guardHostDock(slot, store);
    slot.innerHTML = hostDock(late.question);
    await elapse(REVEAL_AFTER_MS / 2);
    hold(late);
    await elapse(REVEAL_AFTER_MS * 2);
    expect(dock()?.hasAttribute(HOST_DOCK_REVEALED)).toBe(false);

    slot.innerHTML = hostDock("An unknown kind of question");
    await elapse(REVEAL_AFTER_MS * 2);
    expect(dock()?.hasAttribute(HOST_DOCK_REVEALED)).toBe(true);
    hold({ question: "An unknown kind of question", header: "Unknown" });
    expect(dock()?.hasAttribute(HOST_DOCK_REVEALED)).toBe(false);
  });

  it("should reveal a dock whose panel or collapse control the kit cannot name (a host that renamed them)", async () => {
    const { store } = storeHolding([DEPLOY]);
    stop = guardHostDock(slot, store);
    slot.innerHTML = hostDock(DEPLOY.question, { panel: "question-panel-v2" });
    await elapse(REVEAL_AFTER_MS * 2);
    expect(dock()?.hasAttribute(HOST_DOCK_REVEALED)).toBe(true);

    slot.innerHTML = hostDock(DEPLOY.question);
    await elapse(REVEAL_AFTER_MS * 2);
    expect(dock()?.hasAttribute(HOST_DOCK_REVEALED)).toBe(false);
    const toggle = slot.querySelector(".chat-question-panel__collapse");
    if (toggle === null) throw new Error("no toggle");
    toggle.className = "question-panel-v2__toggle";
    await elapse(REVEAL_AFTER_MS * 2);
    expect(dock()?.hasAttribute(HOST_DOCK_REVEALED)).toBe(true);
  });
});
