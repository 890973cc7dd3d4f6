import { lazy, type ReactNode, Suspense, useEffect, useMemo, useState } from "react";
import { ConnectedPage } from "./connected-page";
import { fetchDemoConfig } from "./demo-api";
import { type GatewaySettings, loadSettings, saveSettings } from "./settings";
import { DEFAULT_SESSION_KEY } from "./shared/scenarios";
import type { DemoConfig } from "./shared/turns";
import { StackSwitch, useStack } from "./stack-switch";

// The AI SDK chat loads on demand: the OpenClaw page does not download the SDK.
const AiSdkPage = lazy(() =>
  import("./ai-sdk-page").then((module) => ({ default: module.AiSdkPage })),
);
// So does the MCP page: the other stacks do not download the MCP SDK.
const McpPage = lazy(() => import("./mcp-page").then((module) => ({ default: module.McpPage })));
// And the LangGraph page: only it downloads LangChain's stream client.
const LangGraphPage = lazy(() =>
  import("./langgraph-page").then((module) => ({ default: module.LangGraphPage })),
);
// And the AG-UI page: only it downloads `@ag-ui/client`.
const AgUiPage = lazy(() =>
  import("./ag-ui-page").then((module) => ({ default: module.AgUiPage })),
);

const readSessionKey = () =>
  new URLSearchParams(window.location.search).get("session") ?? DEFAULT_SESSION_KEY;

/**
 * The page of the stack the URL names (OpenClaw unless `?stack=ai-sdk`, `mcp`, `langgraph` or
 * `ag-ui`).
 */
export function DemoApp() {
  const [stack, setStack] = useStack();
  const stackSwitch = <StackSwitch stack={stack} onChange={setStack} />;
  if (stack === "ai-sdk") {
    return (
      <Suspense fallback={<p className="demo-loading">Loading…</p>}>
        <AiSdkPage stackSwitch={stackSwitch} />
      </Suspense>
    );
  }
  if (stack === "mcp") {
    return (
      <Suspense fallback={<p className="demo-loading">Loading…</p>}>
        <McpPage stackSwitch={stackSwitch} />
      </Suspense>
    );
  }
  if (stack === "langgraph") {
    return (
      <Suspense fallback={<p className="demo-loading">Loading…</p>}>
        <LangGraphPage stackSwitch={stackSwitch} />
      </Suspense>
    );
  }
  if (stack === "ag-ui") {
    return (
      <Suspense fallback={<p className="demo-loading">Loading…</p>}>
        <AgUiPage stackSwitch={stackSwitch} />
      </Suspense>
    );
  }
  return <OpenClawApp stackSwitch={stackSwitch} />;
}

/** Loads the start server's config, then renders the page connected with the tab's settings. */
function OpenClawApp({ stackSwitch }: { stackSwitch: ReactNode }) {
  const sessionKey = useMemo(readSessionKey, []);
  const [config, setConfig] = useState<DemoConfig | null>(null);
  const [settings, setSettings] = useState<GatewaySettings | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);

  useEffect(() => {
    fetchDemoConfig(sessionKey)
      .then((loaded) => {
        setConfig(loaded);
        setSettings(loadSettings(loaded));
      })
      .catch((error: unknown) => setLoadError(String(error)));
  }, [sessionKey]);

  if (loadError) {
    return (
      <p role="alert" className="demo-load-error">
        Could not reach the demo server: {loadError}
      </p>
    );
  }
  if (!config || !settings) return <p className="demo-loading">Loading…</p>;
  const save = (next: GatewaySettings) => {
    saveSettings(config, next);
    setSettings(next);
  };
  return (
    <ConnectedPage
      config={config}
      settings={settings}
      sessionKey={sessionKey}
      stackSwitch={stackSwitch}
      onSaveSettings={save}
    />
  );
}
