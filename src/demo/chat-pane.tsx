import { AgentToolbar } from "./agent-toolbar";
import { Composer } from "./composer";
import { sendMessage } from "./demo-api";
import { ComposerDock, type GatewayClient, useReplyTarget } from "./kit";
import { ScenarioToolbar } from "./scenario-toolbar";
import type { DemoConfig } from "./shared/turns";
import { Timeline } from "./timeline";
import { useChatSession } from "./use-chat-session";
import { useAgentTurns } from "./use-turns";

type ChatPaneProps = { config: DemoConfig; client: GatewayClient; sessionKey: string };

/** The toolbar, the timeline, and the composer that the question dock takes over. */
export function ChatPane(props: ChatPaneProps) {
  return props.config.agent === "openclaw" ? (
    <AgentChat {...props} />
  ) : (
    <DemoAgentChat {...props} />
  );
}

/** A real OpenClaw agent: the composer chats (`chat.send`) and the turns stream from `chat` events. */
function AgentChat({ client, sessionKey }: ChatPaneProps) {
  const chat = useChatSession(client, sessionKey);
  return (
    <>
      <AgentToolbar sessionKey={sessionKey} chat={chat} />
      <Timeline sessionKey={sessionKey} turns={chat.turns} />
      <div className="demo-composer-area">
        <ComposerDock titleBadge composer={<Composer onSend={chat.send} answersQuestions />} />
      </div>
    </>
  );
}

/**
 * The demo agent, which asks with `question.request`. On the mock gateway a message sent while its
 * question waits is the plain-text reply, as on a real gateway; the demo agent's own log shows it.
 */
function DemoAgentChat({ config, client, sessionKey }: ChatPaneProps) {
  const turns = useAgentTurns(sessionKey);
  const answersQuestions = config.mode === "mock";
  return (
    <>
      <ScenarioToolbar sessionKey={sessionKey} asyncQuestions={config.asyncQuestions} />
      <Timeline sessionKey={sessionKey} turns={turns} />
      <div className="demo-composer-area">
        <ComposerDock
          titleBadge
          replyHint={answersQuestions}
          composer={
            <DemoComposer
              client={client}
              sessionKey={sessionKey}
              answersQuestions={answersQuestions}
            />
          }
        />
      </div>
    </>
  );
}

function DemoComposer({
  client,
  sessionKey,
  answersQuestions,
}: {
  client: GatewayClient;
  sessionKey: string;
  answersQuestions: boolean;
}) {
  const target = useReplyTarget();
  const send = async (text: string) => {
    await sendMessage(sessionKey, text);
    if (answersQuestions && target !== null) {
      await client.request("chat.send", {
        sessionKey,
        message: text,
        idempotencyKey: crypto.randomUUID(),
      });
    }
  };
  return <Composer onSend={send} answersQuestions={answersQuestions} />;
}
