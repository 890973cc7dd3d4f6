// The README's "Embed the kit in a host app": the composer entry, the browser client, a timeline of
// summaries and the composer dock.
import {
  AnswerSummary,
  ComposerDock,
  createBrowserGatewayClient,
  QuestionsProvider,
  useTimelineItems,
} from "ask-user-kit/composer";
import "ask-user-kit/style.css";
import { useEffect } from "react";
import { hostText, localeProps } from "../page";

const gateway = window.surfaceGateway;
if (gateway === undefined) throw new Error("window.surfaceGateway is not set");
const client = createBrowserGatewayClient({ url: gateway.url, token: gateway.token });

export function Host() {
  useEffect(() => {
    client.connect();
    return () => client.close();
  }, []);
  return (
    <QuestionsProvider client={client} sessionKey="main" {...localeProps()}>
      <h1>{hostText.chat}</h1>
      <Timeline />
      <ComposerDock composer={<textarea aria-label={hostText.message} />} />
    </QuestionsProvider>
  );
}

function Timeline() {
  const items = useTimelineItems();
  return items.map((item) => <AnswerSummary key={item.promptId} entry={item.entry} />);
}
