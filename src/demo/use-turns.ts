import { useEffect, useState } from "react";
import type { AgentTurn } from "./shared/turns";

/** The demo agent's turns for a session, pushed by the start server (server-sent events). */
export function useAgentTurns(sessionKey: string): AgentTurn[] {
  const [turns, setTurns] = useState<AgentTurn[]>([]);
  useEffect(() => {
    const source = new EventSource(`/agent/turns?session=${encodeURIComponent(sessionKey)}`);
    source.onmessage = (event: MessageEvent<string>) => {
      const body = JSON.parse(event.data) as { turns: AgentTurn[] };
      setTurns(body.turns);
    };
    return () => source.close();
  }, [sessionKey]);
  return turns;
}
