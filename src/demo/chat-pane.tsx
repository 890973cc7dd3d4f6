import { Composer } from "./composer";
import { ComposerDock } from "./kit";
import { Timeline } from "./timeline";
import { useAgentTurns } from "./use-turns";

/** The timeline, and the composer that the question dock takes over. */
export function ChatPane({ sessionKey }: { sessionKey: string }) {
  const turns = useAgentTurns(sessionKey);
  return (
    <>
      <Timeline sessionKey={sessionKey} turns={turns} />
      <div className="demo-composer-area">
        <ComposerDock composer={<Composer sessionKey={sessionKey} />} />
      </div>
    </>
  );
}
