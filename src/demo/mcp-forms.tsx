import { useEffect, useState, useSyncExternalStore } from "react";
import { ComposerDock, type Dictionary, QuestionsProvider } from "./kit";
import {
  loadToolCalls,
  refusalText,
  saveToolCalls,
  type ToolCall,
  toOldestWaiting,
} from "./mcp-calls";
import { createMcpConnection, FORMS_SESSION_KEY } from "./mcp-connection";
import { FormMessages } from "./mcp-messages";
import { FormToolbar } from "./mcp-toolbar";
import type { ToolbarNotice } from "./scenario-toolbar";

let callCount = 0;

/** The MCP forms: the page's MCP client answers the server's form elicitations with the dock. */
export function McpForms({ dictionary }: { dictionary: Dictionary }) {
  // Made once per mount, without side effects; the effect below connects and closes it.
  const [connection] = useState(createMcpConnection);
  const status = useSyncExternalStore(connection.onStatus, connection.status);
  const [calls, setCalls] = useState(loadToolCalls);
  const [notice, setNotice] = useState<ToolbarNotice | null>(null);

  useEffect(() => {
    const { store, source } = connection;
    store.getState().start();
    // Each form the server asks belongs to the oldest call still waiting on one.
    const stopRequested = source.onRequested((record) => {
      const promptId = (record as { id: string }).id;
      setCalls((current) => toOldestWaiting(current, { promptId, refused: null }));
    });
    const stopRefused = connection.onRefused((form) => {
      setCalls((current) => toOldestWaiting(current, { promptId: null, refused: form }));
      setNotice({ tone: "info", text: refusalText(form) });
    });
    connection.use();
    return () => {
      stopRequested();
      stopRefused();
      store.getState().stop();
      connection.release();
    };
  }, [connection]);

  useEffect(() => saveToolCalls(calls), [calls]);

  const call = (tool: string) => {
    callCount += 1;
    const id = `call_${Date.now().toString(36)}_${callCount}`;
    setNotice(null);
    setCalls((current) => [
      ...current,
      { id, tool, atMs: Date.now(), promptId: null, refused: null, result: null },
    ]);
    const settle = (result: ToolCall["result"]) =>
      setCalls((current) =>
        current.map((entry) => (entry.id === id ? { ...entry, result } : entry)),
      );
    connection.callTool(tool).then(
      (result) => settle({ tone: result.isError ? "error" : "received", text: result.text }),
      (error: unknown) =>
        settle({ tone: "error", text: error instanceof Error ? error.message : String(error) }),
    );
  };

  const failure =
    status.state === "failed"
      ? ({ tone: "error", text: `Could not reach the MCP server: ${status.error}` } as const)
      : null;

  return (
    <QuestionsProvider
      store={connection.store}
      sessionKey={FORMS_SESSION_KEY}
      dictionary={dictionary}
    >
      <FormToolbar notice={failure ?? notice} ready={status.state === "connected"} onCall={call} />
      <FormMessages calls={calls} />
      <div className="demo-composer-area">
        <ComposerDock
          titleBadge
          replyHint={false}
          composer={
            <div className="demo-composer demo-composer--note">
              <p>The MCP server asks through forms: call a tool above, and its form docks here.</p>
            </div>
          }
        />
      </div>
    </QuestionsProvider>
  );
}
