import { type ReactNode, useState } from "react";
import { type Dictionary, QuestionsProvider } from "../../src/index";
import { FIXTURE_AGENT_ID, FIXTURE_SESSION_KEY } from "../../src/testing/fixtures";
import { createFixtureStore, type FixtureStoreOptions } from "./fixture-store";

/** Renders children inside a provider over a seeded fixture store. */
export function StoryFrame({
  fixture,
  dictionary,
  narrow = false,
  children,
}: {
  fixture: FixtureStoreOptions;
  dictionary?: Dictionary;
  narrow?: boolean;
  children: ReactNode;
}) {
  const [{ store }] = useState(() => createFixtureStore(fixture));
  return (
    <QuestionsProvider
      store={store}
      sessionKey={FIXTURE_SESSION_KEY}
      agentId={FIXTURE_AGENT_ID}
      {...(dictionary === undefined ? {} : { dictionary })}
    >
      <div className={narrow ? "story-column story-narrow" : "story-column"}>{children}</div>
    </QuestionsProvider>
  );
}

/** A stand-in for the host's composer. */
export function StoryComposer() {
  return (
    <textarea className="story-composer" aria-label="Message" placeholder="Message the agent" />
  );
}
