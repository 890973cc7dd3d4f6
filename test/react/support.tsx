import { act, render } from "@testing-library/react";
import type { ReactNode } from "react";
import { vi } from "vitest";
import type { StoreApi } from "zustand/vanilla";
import type { QuestionRecord } from "../../src/protocol/types";
import { type Dictionary, en } from "../../src/react/i18n/en";
import { QuestionsProvider } from "../../src/react/provider";
import type { PromptEntry, QuestionStore } from "../../src/store/types";
import { FIXTURE_AGENT_ID, FIXTURE_SESSION_KEY } from "../../src/testing/fixtures";
import { createFixtureStore, type FixtureStoreOptions } from "../../stories/support/fixture-store";

/** Renders `ui` inside a provider over a seeded fixture store; returns the store too. */
export function renderWithStore(
  ui: ReactNode,
  fixture: FixtureStoreOptions,
  dictionary: Dictionary = en,
) {
  const seeded = createFixtureStore(fixture);
  const view = render(
    <QuestionsProvider
      store={seeded.store}
      sessionKey={FIXTURE_SESSION_KEY}
      agentId={FIXTURE_AGENT_ID}
      dictionary={dictionary}
    >
      {ui}
    </QuestionsProvider>,
  );
  return { ...seeded, ...view };
}

/** Replaces `window.matchMedia`: a query matches when `matches(query)` says so (undo with `vi.unstubAllGlobals`). */
export function stubMediaQueries(matches: (query: string) => boolean): void {
  vi.stubGlobal(
    "matchMedia",
    vi.fn((query: string) => ({
      matches: matches(query),
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    })),
  );
}

/** A prompt whose answer (Production) was sent and whose request then ended unseen. */
export function unconfirmedEntry(record: QuestionRecord): PromptEntry {
  return {
    id: record.id,
    record,
    status: "unavailable",
    answeredElsewhere: false,
    answers: null,
    sent: { kind: "resolve", answers: { answers: { deploy_target: ["Production"] } } },
    unsentAnswers: null,
    outcomeAtMs: null,
    error: null,
  };
}

/** Changes a prompt's entry as the store would on an event (its answer confirmed, its end). */
export function patchPrompt(
  store: StoreApi<QuestionStore>,
  id: string,
  patch: Partial<PromptEntry>,
): void {
  act(() =>
    store.setState((state) => {
      const entry = state.prompts.get(id);
      if (entry === undefined) return {};
      return { prompts: new Map(state.prompts).set(id, { ...entry, ...patch }) };
    }),
  );
}
