import { useState } from "react";
import { describeConnectionFailure, useQuestionStore } from "./kit";

const COPIED_FEEDBACK_MS = 2_000;

/** Copies a command for the gateway host, and says so. */
function CopyButton({ text }: { text: string }) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  const copy = () => {
    navigator.clipboard.writeText(text).then(
      () => setState("copied"),
      () => setState("failed"),
    );
    setTimeout(() => setState("idle"), COPIED_FEEDBACK_MS);
  };
  return (
    <button type="button" className="demo-link-button" onClick={copy}>
      {state === "copied"
        ? "Copied"
        : state === "failed"
          ? "Copy failed: select the text"
          : "Copy command"}
    </button>
  );
}

/** The page's connection to the gateway, with what to do when it fails. */
export function ConnectionStatus({ onOpenSettings }: { onOpenSettings(): void }) {
  const connection = useQuestionStore((state) => state.connection);
  switch (connection.status) {
    case "idle":
      return <StatusBadge tone="muted" text="Not connected" />;
    case "connecting":
      return <StatusBadge tone="muted" text="Connecting…" />;
    case "connected":
      return <StatusBadge tone="ok" text="Connected" />;
    case "reconnecting":
      return (
        <StatusBadge
          tone="warn"
          text={`Reconnecting (attempt ${connection.attempt})…`}
          detail={connection.lastError}
        />
      );
    case "failed": {
      const { failure } = connection;
      const description = describeConnectionFailure(failure);
      const command = "command" in failure ? failure.command : null;
      return (
        <div className="demo-status demo-status--error" role="alert">
          <strong>{description.title}</strong> <span>{description.action}</span>{" "}
          {command === null ? null : <CopyButton text={command} />}{" "}
          <button type="button" className="demo-link-button" onClick={onOpenSettings}>
            Open settings
          </button>
        </div>
      );
    }
    default:
      return connection satisfies never;
  }
}

function StatusBadge({
  tone,
  text,
  detail,
}: {
  tone: string;
  text: string;
  detail?: string | null;
}) {
  return (
    <output className={`demo-status demo-status--${tone}`} aria-live="polite">
      <span className="demo-status__dot" aria-hidden="true" />
      {text}
      {detail ? <span className="demo-status__detail"> ({detail})</span> : null}
    </output>
  );
}
