import {
  AnswerSummary,
  ComposerDock,
  createBrowserGatewayClient,
  QuestionsProvider,
  useTimelineItems,
} from "ask-user-kit/composer";
import "ask-user-kit/style.css";
import { useEffect } from "react";

const client = createBrowserGatewayClient({ url: "ws://127.0.0.1:18789", token: sharedToken });

export function ChatPane() {
  // A client you pass in is yours to connect and close; the provider starts and stops the store.
  useEffect(() => {
    client.connect();
    return () => client.close();
  }, []);
  return (
    <QuestionsProvider client={client} sessionKey="main">
      <Timeline />
      {/* While a question waits, the dock takes the composer's place; the composer stays mounted,
          so its draft survives. Escape or the chevron collapses the dock to a slim bar. */}
      <ComposerDock composer={<YourComposer />} />
    </QuestionsProvider>
  );
}

function Timeline() {
  // Ended prompts, each with its runId and createdAtMs: place each summary in the agent turn that asked.
  const items = useTimelineItems();
  return items.map((item) => <AnswerSummary key={item.promptId} entry={item.entry} />);
}

// What the host supplies in the README's example.
declare const sharedToken: string;
declare function YourComposer(): import("react").ReactElement;
