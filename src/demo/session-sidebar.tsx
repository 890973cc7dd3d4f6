import { useEffect, useState } from "react";
import { DEFAULT_SESSION_KEY } from "./shared/scenarios";

const STORAGE_KEY = "ask-user-kit-demo-sessions";
const MAX_SESSIONS = 8;

/** "agent:main:main" reads "Main session"; any other key's last part is its name. */
export function sessionTitleOf(sessionKey: string): string {
  const name = sessionKey.split(":").at(-1) ?? sessionKey;
  return name === "main" ? "Main session" : `Session “${name}”`;
}

function loadSessions(): string[] {
  try {
    const saved: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? "[]");
    return Array.isArray(saved) ? saved.filter((key) => typeof key === "string") : [];
  } catch {
    return [];
  }
}

/** The sessions this browser opened, newest first, the main one always there. */
function useRecentSessions(current: string): string[] {
  const [sessions] = useState(() => {
    const known = [current, ...loadSessions().filter((key) => key !== current)];
    if (!known.includes(DEFAULT_SESSION_KEY)) known.push(DEFAULT_SESSION_KEY);
    return known.slice(0, MAX_SESSIONS);
  });
  useEffect(() => {
    try {
      localStorage.setItem(STORAGE_KEY, JSON.stringify(sessions));
    } catch {
      // Without storage the list is this page's only.
    }
  }, [sessions]);
  return sessions;
}

const hrefOf = (sessionKey: string) => `?session=${encodeURIComponent(sessionKey)}`;

/** Sessions as a Control UI lists them; each is a page of its own (its key is in the URL). */
export function SessionSidebar({ sessionKey }: { sessionKey: string }) {
  const sessions = useRecentSessions(sessionKey);
  const newSession = `agent:main:chat-${Date.now().toString(36)}`;
  return (
    <nav className="demo-sidebar" aria-label="Sessions">
      <h2 className="demo-sidebar__heading">Sessions</h2>
      <ul className="demo-sidebar__list">
        {sessions.map((key) => (
          <li key={key}>
            <a
              className="demo-sidebar__session"
              href={hrefOf(key)}
              aria-current={key === sessionKey ? "page" : undefined}
              title={key}
            >
              {sessionTitleOf(key)}
            </a>
          </li>
        ))}
      </ul>
      <a className="demo-sidebar__new" href={hrefOf(newSession)}>
        + New session
      </a>
    </nav>
  );
}
