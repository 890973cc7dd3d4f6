import type { DemoConfig } from "./shared/turns";

/** Where the page connects. The token lives in memory and sessionStorage only, never in a URL. */
export type GatewaySettings = { gatewayUrl: string; token: string };

type SavedSettings = GatewaySettings & { serverGatewayUrl: string };

const STORAGE_KEY = "ask-user-kit-demo:settings";

const session = (): Storage | null => {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
};

const readSaved = (): SavedSettings | null => {
  try {
    const value: unknown = JSON.parse(session()?.getItem(STORAGE_KEY) ?? "null");
    if (typeof value !== "object" || value === null) return null;
    const saved = value as Partial<SavedSettings>;
    return typeof saved.gatewayUrl === "string" &&
      typeof saved.token === "string" &&
      typeof saved.serverGatewayUrl === "string"
      ? {
          gatewayUrl: saved.gatewayUrl,
          token: saved.token,
          serverGatewayUrl: saved.serverGatewayUrl,
        }
      : null;
  } catch {
    return null;
  }
};

/** Settings saved in this tab while the start server was the same, else the server's. */
export function loadSettings(config: DemoConfig): GatewaySettings {
  const saved = readSaved();
  if (saved && saved.serverGatewayUrl === config.gatewayUrl) {
    return { gatewayUrl: saved.gatewayUrl, token: saved.token };
  }
  return { gatewayUrl: config.gatewayUrl, token: config.token ?? "" };
}

/** Keeps the settings for this tab. */
export function saveSettings(config: DemoConfig, settings: GatewaySettings): void {
  const saved: SavedSettings = { ...settings, serverGatewayUrl: config.gatewayUrl };
  session()?.setItem(STORAGE_KEY, JSON.stringify(saved));
}
