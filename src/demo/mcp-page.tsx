import "./mcp.css";
import type { ReactNode } from "react";
import { dictionaryOf } from "./appearance";
import { AppearanceControls, useAppearance } from "./appearance-controls";
import { FORMS_SESSION_KEY } from "./mcp-connection";
import { McpForms } from "./mcp-forms";

/** The page with an MCP client: the start server's `/mcp` is a real MCP server that asks forms. */
export function McpPage({ stackSwitch }: { stackSwitch: ReactNode }) {
  const [appearance, setAppearance] = useAppearance();
  return (
    <div className="demo">
      <header className="demo-header">
        <h1>ask-user-kit demo</h1>
        <span className="demo-header__mode">MCP · form elicitation</span>
        <span className="demo-header__spacer" />
        {stackSwitch}
        <AppearanceControls appearance={appearance} onChange={setAppearance} />
      </header>
      <div className="demo-body demo-body--single">
        <main className="demo-chat" aria-label="Chat">
          <h2 className="demo-chat__title">
            MCP forms <span className="demo-chat__key">{FORMS_SESSION_KEY}</span>
          </h2>
          <McpForms dictionary={dictionaryOf(appearance.language)} />
        </main>
      </div>
    </div>
  );
}
