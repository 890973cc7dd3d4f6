import { CopilotKitProvider, useAgent, useCopilotKit } from "@copilotkit/react-core/v2";
import { useAskUserAgent } from "ask-user-kit/ag-ui/react";
import { AnswerSummary, ComposerDock, QuestionsProvider, useTimelineItems } from "ask-user-kit/composer";
import "ask-user-kit/style.css";
import type { ReactNode } from "react";

export function App({ composer }: { composer: ReactNode }) {
  return (
    <CopilotKitProvider runtimeUrl="/api/copilotkit">
      <Questions composer={composer} />
    </CopilotKitProvider>
  );
}

/** The dock for the agent CopilotKit runs: its interrupts and ask_user calls. */
function Questions({ composer }: { composer: ReactNode }) {
  const { agent } = useAgent({ agentId: "default" });
  const { copilotkit } = useCopilotKit();
  // Runs go through CopilotKit, so its own frontend tools and context go along.
  const store = useAskUserAgent(agent, {
    run: ({ resume }) => copilotkit.runAgent({ agent, ...(resume === undefined ? {} : { resume }) }),
  });
  return (
    <QuestionsProvider store={store} sessionKey={agent.threadId}>
      <Summaries />
      <ComposerDock composer={composer} />
    </QuestionsProvider>
  );
}

function Summaries() {
  const items = useTimelineItems();
  return items.map((item) => <AnswerSummary key={item.promptId} entry={item.entry} />);
}
