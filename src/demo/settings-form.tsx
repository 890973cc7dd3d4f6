import "./settings-form.css";
import { type FormEvent, useId, useState } from "react";
import type { GatewaySettings } from "./settings";

type SettingsFormProps = {
  settings: GatewaySettings;
  mode: "mock" | "real";
  onSave(settings: GatewaySettings): void;
  onCancel(): void;
};

/** Gateway URL and token. */
export function SettingsForm({ settings, mode, onSave, onCancel }: SettingsFormProps) {
  const [gatewayUrl, setGatewayUrl] = useState(settings.gatewayUrl);
  const [token, setToken] = useState(settings.token);
  const urlId = useId();
  const tokenId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSave({ gatewayUrl: gatewayUrl.trim(), token: token.trim() });
  };
  return (
    <form className="demo-settings" aria-label="Gateway settings" onSubmit={submit}>
      <div className="demo-settings__field">
        <label htmlFor={urlId}>Gateway URL</label>
        <input
          id={urlId}
          type="url"
          required
          pattern="wss?://.+"
          value={gatewayUrl}
          onChange={(event) => setGatewayUrl(event.target.value)}
        />
      </div>
      <div className="demo-settings__field">
        <label htmlFor={tokenId}>Token</label>
        <input
          id={tokenId}
          type="password"
          autoComplete="off"
          value={token}
          onChange={(event) => setToken(event.target.value)}
        />
      </div>
      <p className="demo-settings__hint">
        {mode === "mock"
          ? "Pre-filled with the embedded mock gateway. "
          : "Pre-filled from npm start. "}
        The token stays in this tab (sessionStorage), never in a URL.
      </p>
      <div className="demo-settings__actions">
        <button type="submit" className="demo-button demo-button--primary">
          Save and reconnect
        </button>
        <button type="button" className="demo-button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
