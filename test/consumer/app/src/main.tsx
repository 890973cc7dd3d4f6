// A host page as the README embeds the kit: a provider, the README's pane status, the timeline and
// the composer dock.
import {
  AnswerSummary,
  ComposerDock,
  createBrowserGatewayClient,
  QuestionsProvider,
  useTimelineItems,
} from "ask-user-kit";
import "ask-user-kit/style.css";
import { useEffect } from "react";
import { createRoot } from "react-dom/client";
// The README's React example, saved here by the consumer test before it builds.
import { PaneStatus } from "./pane-status.js";

/** Set by the test before the page loads, so no token travels in the URL. */
type FixtureGateway = { url: string; token: string };
declare global {
  interface Window {
    fixtureGateway?: FixtureGateway;
  }
}

const gateway = window.fixtureGateway;
if (gateway === undefined) throw new Error("window.fixtureGateway is not set");
const client = createBrowserGatewayClient({ url: gateway.url, token: gateway.token });

function Timeline() {
  const items = useTimelineItems();
  return (
    <section aria-label="Timeline">
      {items.map((item) => (
        <AnswerSummary key={item.promptId} entry={item.entry} />
      ))}
    </section>
  );
}

function App() {
  useEffect(() => {
    client.connect();
    return () => client.close();
  }, []);
  return (
    <QuestionsProvider client={client} sessionKey="main">
      <PaneStatus />
      <Timeline />
      <ComposerDock composer={<textarea aria-label="Message" />} />
    </QuestionsProvider>
  );
}

const root = document.getElementById("root");
if (root === null) throw new Error("no #root element");
createRoot(root).render(<App />);
