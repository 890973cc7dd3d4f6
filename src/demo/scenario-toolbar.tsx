import "./scenario-toolbar.css";
import { useState } from "react";
import { abortRun, askAsyncQuestion, runScenario } from "./demo-api";
import { NotificationSwitch } from "./kit";
import { ASYNC_QUESTION_LABEL } from "./shared/async-question";
import { SCENARIO_LABELS, SCENARIO_NAMES, type ScenarioName } from "./shared/scenarios";

/** How long "One question in … s" waits before it asks. */
const LATER_S = 10;

/** What the last toolbar action did, or why it failed. */
export type ToolbarNotice = { tone: "info" | "error"; text: string };

/** The toolbar's live line: a status, or an alert for a failure. */
export function ToolbarNoticeLine({ notice }: { notice: ToolbarNotice | null }) {
  return (
    <p
      className={`demo-toolbar__notice demo-toolbar__notice--${notice?.tone ?? "info"}`}
      role={notice?.tone === "error" ? "alert" : "status"}
    >
      {notice?.text}
    </p>
  );
}

/**
 * Buttons that make the demo agent ask (or abort its running turns); with `asyncQuestions`, also
 * an optional question it asks while it works on.
 */
export function ScenarioToolbar({
  sessionKey,
  asyncQuestions,
}: {
  sessionKey: string;
  asyncQuestions: boolean;
}) {
  const [notice, setNotice] = useState<ToolbarNotice | null>(null);
  const fail = (cause: unknown) =>
    setNotice({ tone: "error", text: `The demo agent could not do that: ${String(cause)}` });
  const run = (name: ScenarioName) => {
    setNotice(null);
    runScenario(name, sessionKey).catch(fail);
  };
  // For answering from a notification: time to put the page in the background first.
  const askLater = () => {
    setNotice({ tone: "info", text: `Asking in ${LATER_S} s: switch to another tab meanwhile.` });
    setTimeout(() => run("single"), LATER_S * 1000);
  };
  const askAsync = () => {
    setNotice(null);
    askAsyncQuestion(sessionKey).catch(fail);
  };
  const abort = () => {
    setNotice(null);
    abortRun(sessionKey)
      .then(({ aborted }) =>
        setNotice({
          tone: "info",
          text: aborted === 0 ? "No running turn to abort." : `Aborted ${aborted} running turn(s).`,
        }),
      )
      .catch(fail);
  };
  return (
    <section className="demo-toolbar" aria-label="Demo agent">
      <span className="demo-toolbar__label">Ask me:</span>
      {SCENARIO_NAMES.map((name) => (
        <button key={name} type="button" className="demo-button" onClick={() => run(name)}>
          {SCENARIO_LABELS[name]}
        </button>
      ))}
      {asyncQuestions ? (
        <button type="button" className="demo-button" onClick={askAsync}>
          {ASYNC_QUESTION_LABEL}
        </button>
      ) : null}
      <button type="button" className="demo-button demo-button--danger" onClick={abort}>
        Abort run
      </button>
      <button type="button" className="demo-button" onClick={askLater}>
        One question in {LATER_S} s
      </button>
      <NotificationSwitch className="demo-notify" />
      <ToolbarNoticeLine notice={notice} />
    </section>
  );
}
