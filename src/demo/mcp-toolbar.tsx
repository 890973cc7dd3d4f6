import "./scenario-toolbar.css";
import { FORM_TOOLS } from "./mcp-calls";
import { type ToolbarNotice, ToolbarNoticeLine } from "./scenario-toolbar";

type FormToolbarProps = {
  notice: ToolbarNotice | null;
  /** False until the client is connected. */
  ready: boolean;
  onCall(tool: string): void;
};

/** Buttons that call the MCP server's tools; each asks the page a form. */
export function FormToolbar({ notice, ready, onCall }: FormToolbarProps) {
  return (
    <section className="demo-toolbar" aria-label="MCP tools">
      <span className="demo-toolbar__label">Call:</span>
      {FORM_TOOLS.map((tool) => (
        <button
          key={tool.name}
          type="button"
          className="demo-button"
          title={`Calls the server's ${tool.name} tool`}
          disabled={!ready}
          onClick={() => onCall(tool.name)}
        >
          {tool.label}
        </button>
      ))}
      <ToolbarNoticeLine notice={notice} />
    </section>
  );
}
