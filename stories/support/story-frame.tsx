import { type ReactNode, useContext, useEffect, useState } from "react";
import type { StoreApi } from "zustand/vanilla";
import {
  type Dictionary,
  type PromptEntry,
  type QuestionStore,
  QuestionsProvider,
} from "../../src/index";
import { classNames } from "../../src/react/class-names";
import { FIXTURE_AGENT_ID, FIXTURE_SESSION_KEY } from "../../src/testing/fixtures";
import { createFixtureStore, type FixtureStoreOptions } from "./fixture-store";
import { StoryLocaleContext } from "./story-locale";

const AFTER_MOUNT_DELAY_MS = 50;

/** Renders children inside a provider over a seeded fixture store. */
export function StoryFrame({
  fixture,
  dictionary,
  narrow = false,
  short = false,
  controlUi = false,
  afterMount,
  children,
}: {
  fixture: FixtureStoreOptions;
  dictionary?: Dictionary;
  narrow?: boolean;
  /** Caps the panel's height as a short screen would, so its questions scroll. */
  short?: boolean;
  /** As wide as the composer column of OpenClaw's Control UI on a laptop (866 px). */
  controlUi?: boolean;
  /** Changes the store once the story is on screen (a prompt ending while the user looks at it). */
  afterMount?: (store: StoreApi<QuestionStore>) => void;
  children: ReactNode;
}) {
  const [{ store }] = useState(() => createFixtureStore(fixture));
  const fromToolbar = useContext(StoryLocaleContext);
  const chosen = dictionary ?? fromToolbar;
  useEffect(() => {
    if (afterMount === undefined) return;
    // Let the first paint show the prompt, as the user saw it, before it changes.
    const timer = setTimeout(() => afterMount(store), AFTER_MOUNT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [afterMount, store]);
  return (
    <QuestionsProvider
      store={store}
      sessionKey={FIXTURE_SESSION_KEY}
      agentId={FIXTURE_AGENT_ID}
      {...(chosen === undefined ? {} : { dictionary: chosen })}
    >
      <div
        className={classNames(
          "story-column",
          narrow && "story-narrow",
          short && "story-short",
          controlUi && "story-control-ui",
        )}
      >
        {children}
      </div>
    </QuestionsProvider>
  );
}

/** A stand-in for the host's composer. */
export function StoryComposer() {
  return (
    <textarea className="story-composer" aria-label="Message" placeholder="Message the agent" />
  );
}

/** Ends a prompt in a fixture store the way a gateway outcome would (status and outcome fields). */
export function endFixturePrompt(
  store: StoreApi<QuestionStore>,
  promptId: string,
  patch: Partial<PromptEntry>,
): void {
  store.setState((state) => {
    const entry = state.prompts.get(promptId);
    if (entry === undefined) return {};
    return {
      prompts: new Map(state.prompts).set(promptId, {
        ...entry,
        outcomeAtMs: state.nowMs,
        ...patch,
      }),
    };
  });
}
