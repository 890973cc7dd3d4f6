import { type ReactNode, useEffect, useMemo, useState } from "react";
import { dictionaryOf } from "./appearance";
import { AppearanceControls, useAppearance } from "./appearance-controls";
import { ChannelsPane } from "./channels-pane";
import { ChatPane } from "./chat-pane";
import { ConnectionStatus } from "./connection-status";
import { createBrowserGatewayClient, NotificationAnswers, QuestionsProvider } from "./kit";
import { SessionSidebar, sessionTitleOf } from "./session-sidebar";
import type { GatewaySettings } from "./settings";
import { SettingsForm } from "./settings-form";
import { QUESTION_WORKER_PATH } from "./shared/question-worker";
import type { DemoConfig } from "./shared/turns";

type ConnectedPageProps = {
  config: DemoConfig;
  settings: GatewaySettings;
  sessionKey: string;
  /** The header's choice of stack. */
  stackSwitch: ReactNode;
  onSaveSettings(settings: GatewaySettings): void;
};

const DISPLAY_NAME = "ask-user-kit demo";
const CHAT_SCOPES = ["operator.read", "operator.write", "operator.questions"];

type Pane = "chat" | "channels";

/** Chat and Channels as two pages of a narrow screen (hidden when both fit side by side). */
function PaneTabs({ pane, onChange }: { pane: Pane; onChange(pane: Pane): void }) {
  const tab = (value: Pane, label: string) => (
    <button
      type="button"
      className="demo-tabs__tab"
      aria-pressed={pane === value}
      aria-controls={`demo-pane-${value}`}
      onClick={() => onChange(value)}
    >
      {label}
    </button>
  );
  return (
    <nav className="demo-tabs" aria-label="Panes">
      {tab("chat", "Chat")}
      {tab("channels", "Channels")}
    </nav>
  );
}

/** The Control UI-like page for one gateway connection. */
export function ConnectedPage({
  config,
  settings,
  sessionKey,
  stackSwitch,
  onSaveSettings,
}: ConnectedPageProps) {
  const { gatewayUrl, token } = settings;
  const chats = config.mode === "mock" || config.agent === "openclaw";
  // Saved settings make a new client; the provider and the chat follow it without a remount.
  const client = useMemo(
    () =>
      createBrowserGatewayClient({
        url: gatewayUrl,
        token,
        displayName: DISPLAY_NAME,
        // Chatting needs read (chat events) and write (chat.send) besides the question methods.
        ...(chats ? { scopes: CHAT_SCOPES } : {}),
      }),
    [gatewayUrl, token, chats],
  );
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [appearance, setAppearance] = useAppearance();
  // On a narrow screen the chat and the channels take turns; side by side the tabs are hidden.
  const [pane, setPane] = useState<"chat" | "channels">("chat");

  useEffect(() => {
    client.connect();
    return () => client.close();
  }, [client]);

  return (
    <QuestionsProvider
      client={client}
      sessionKey={sessionKey}
      dictionary={dictionaryOf(appearance.language)}
    >
      <NotificationAnswers workerUrl={QUESTION_WORKER_PATH}>
        <div className="demo">
          <header className="demo-header">
            <h1>ask-user-kit demo</h1>
            <span className="demo-header__mode">
              {config.agent === "openclaw"
                ? "OpenClaw gateway · scripted agent"
                : config.mode === "mock"
                  ? "Embedded mock gateway"
                  : "OpenClaw gateway"}
            </span>
            <span className="demo-header__spacer" />
            {stackSwitch}
            <AppearanceControls appearance={appearance} onChange={setAppearance} />
            <ConnectionStatus onOpenSettings={() => setSettingsOpen(true)} />
            <button
              type="button"
              className="demo-button"
              aria-expanded={settingsOpen}
              onClick={() => setSettingsOpen((open) => !open)}
            >
              Settings
            </button>
          </header>
          {settingsOpen ? (
            <SettingsForm
              settings={settings}
              mode={config.mode}
              onSave={(next) => {
                setSettingsOpen(false);
                onSaveSettings(next);
              }}
              onCancel={() => setSettingsOpen(false)}
            />
          ) : (
            <div />
          )}
          <PaneTabs pane={pane} onChange={setPane} />
          <div className="demo-body" data-pane={pane}>
            <SessionSidebar sessionKey={sessionKey} />
            <main className="demo-chat" aria-label="Chat" id="demo-pane-chat">
              <h2 className="demo-chat__title">
                {sessionTitleOf(sessionKey)} <span className="demo-chat__key">{sessionKey}</span>
              </h2>
              <ChatPane config={config} client={client} sessionKey={sessionKey} />
            </main>
            <div className="demo-side" id="demo-pane-channels">
              <ChannelsPane sessionKey={sessionKey} />
            </div>
          </div>
        </div>
      </NotificationAnswers>
    </QuestionsProvider>
  );
}
