import { useEffect, useMemo, useState } from "react";
import { ConnectedPage } from "./connected-page";
import { fetchDemoConfig } from "./demo-api";
import { type GatewaySettings, loadSettings, saveSettings } from "./settings";
import { DEFAULT_SESSION_KEY } from "./shared/scenarios";
import type { DemoConfig } from "./shared/turns";

const readSessionKey = () =>
  new URLSearchParams(window.location.search).get("session") ?? DEFAULT_SESSION_KEY;

/** Loads the start server's config, then renders the page connected with the tab's settings. */
export function DemoApp() {
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
      onSaveSettings={save}
    />
  );
}
