import type { QuestionRecord } from "../../protocol/index";

/** Who wrote a timeline message. */
export type TurnRole = "user" | "agent";

/** One message inside an agent turn. */
export type TurnMessage = { id: string; role: TurnRole; text: string; atMs: number };

/** One agent turn (one `runId`), with the ids of the questions it asked. */
export type AgentTurn = {
  runId: string;
  sessionKey: string;
  title: string;
  status: "running" | "done";
  startedAtMs: number;
  messages: TurnMessage[];
  questionIds: string[];
  /** What the run is doing now ("Starting the model…"), from `chat {state:"status"}`. */
  statusLine?: string | undefined;
  /** Why the run ended without a reply (or why a message was not sent). */
  error?: string | undefined;
  /** The questions the run asked that ended, as its history tells (`chat.history`). */
  endedQuestions?: QuestionRecord[] | undefined;
};

/** Body of `GET /demo-config.json`. */
export type DemoConfig = {
  mode: "mock" | "real";
  /** Who answers the composer: the demo agent, or a real OpenClaw agent (`--openclaw`). */
  agent: "demo" | "openclaw";
  gatewayUrl: string;
  /** Present only for loopback requests; the page keeps it in sessionStorage, never in a URL. */
  token: string | null;
  sessionKey: string;
  /** Whether the demo agent can ask an OpenClaw async question (`POST /agent/async-question`). */
  asyncQuestions: boolean;
};

/** Body of `POST /channels/resolve`. */
export type ChannelResolveRequest =
  | { id: string; channel: string; answers: Record<string, string[]> }
  | { id: string; channel: string; cancel: true };
