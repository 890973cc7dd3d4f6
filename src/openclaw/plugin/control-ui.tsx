import "../../react/styles.css";
import "./host-overrides.css";
import "./host-theme.css";
import { useEffect, useRef } from "react";
import { createRoot } from "react-dom/client";
import { type AsyncQuestionApi, withAsyncQuestions } from "../../gateway/async-question-api";
import { createQuestionApi } from "../../gateway/question-api";
import { ComposerDock } from "../../react/composer-dock";
import { focusFirstTaker } from "../../react/focus-targets";
import type { Dictionary } from "../../react/i18n/en";
import { QuestionsProvider } from "../../react/provider";
import { AnswerSummary } from "../../react/summary/answer-summary";
import { createQuestionStore } from "../../store/create-question-store";
import type { QuestionStore } from "../../store/types";
import type {
  ComposerProps,
  ControlUiHost,
  ControlUiViewContext,
  ToolResultProps,
} from "../control-ui-host";
import { createHostGatewayClient } from "../host-client";
import {
  HOST_AUTOTYPE_EXEMPT,
  HOST_PANEL_EXPANDED_COLLAPSE,
  HOST_QUESTION_UI,
} from "./host-classes";
import { guardHostDock } from "./host-dock-guard";
import { hideSummariesOfAgentCalls } from "./host-summary-guard";
import { dictionaryFor } from "./locale";
import { askUserInputOf, recordOfToolResult } from "./tool-result";

/** The plugin id, as in `openclaw.plugin.json`. */
export const PLUGIN_ID = "ask-user-kit";
const COMPOSER_ID = "ask-user-kit-composer";
const TOOL_RESULT_ID = "ask-user-kit-tool-result";

type StoreApi = ReturnType<typeof createQuestionStore>;

/** Keeps the host's type-to-compose off the dock's keys; the composer below keeps it. */
function exemptDockFromAutotype(wrapper: HTMLDivElement | null): void {
  wrapper?.querySelector(".ask-composer-dock__panel")?.setAttribute(HOST_AUTOTYPE_EXEMPT, "");
}

/** How long the kit waits for the host to drop a panel of its own that opened while the kit showed nothing. */
const HOST_RETIRE_FALLBACK_MS = 1000;

/**
 * Collapses the built-in composer's own question panel whenever the kit gives the composer back:
 * the host's panel takes the message field over as a question arrives, and drops it only once it
 * learns of the outcome, a round trip after the kit's Submit; the composer showed without its
 * field meanwhile, and keys typed then were lost.
 * - As the dock retires, and under the kit's bar, the panel is collapsed at once: the composer
 *   shows with its field in the first frame. The dock's own hand-over found no field to focus,
 *   so the field takes the focus as the host renders it, unless the focus went somewhere: every
 *   key typed right after Submit reaches it (without this the first one was lost).
 * - While the kit's dock is open the composer is hidden: the panel is left as it is. Collapsing
 *   it there cost the host a render of the whole composer on every question (80 ms of main
 *   thread in `bench:control-ui`), in or just after the frame that shows the dock.
 * - A panel that opens while the kit shows nothing (a question the kit has not heard of yet, or
 *   one that already ended) is collapsed 1 s later, should the host not drop it meanwhile.
 */
function keepHostPanelCollapsed(container: HTMLElement): () => void {
  const dock = container.closest(".ask-composer-dock") ?? container;
  let fallback: ReturnType<typeof setTimeout> | undefined;
  const stopFallback = () => {
    clearTimeout(fallback);
    fallback = undefined;
  };
  const click = () => {
    stopFallback();
    for (const button of container.querySelectorAll<HTMLButtonElement>(
      HOST_PANEL_EXPANDED_COLLAPSE,
    ))
      button.click();
  };
  let state = dock.getAttribute("data-state");
  // The dock retired with the field taken over: the field takes the focus once it is back.
  let fieldWanted = false;
  const focusField = () => {
    const field = [...container.querySelectorAll("textarea")].find(
      (candidate) => candidate.closest(HOST_QUESTION_UI.join(", ")) === null,
    );
    if (field === undefined) return;
    fieldWanted = false;
    const active = document.activeElement;
    if (active === null || active === document.body) field.focus();
  };
  const collapse = () => {
    const before = state;
    state = dock.getAttribute("data-state");
    const hostPanelOpen = container.querySelector(HOST_PANEL_EXPANDED_COLLAPSE) !== null;
    if (state === "expanded") fieldWanted = false;
    else if (fieldWanted) focusField();
    if (!hostPanelOpen || state === "expanded") stopFallback();
    else if (before === "expanded") {
      fieldWanted = true;
      click();
    } else if (dock.querySelector(".ask-bar") !== null) click();
    else fallback ??= setTimeout(click, HOST_RETIRE_FALLBACK_MS);
  };
  const observer = new MutationObserver(collapse);
  // The dock's subtree holds the host's composer: its panel's aria-expanded, and the kit's state.
  observer.observe(dock, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ["aria-expanded", "data-state"],
  });
  collapse();
  return () => {
    stopFallback();
    observer.disconnect();
  };
}

/** The built-in composer, mounted by the host into the kit's composer slot. */
function BuiltInComposer({
  mountDefault,
  store,
}: {
  mountDefault(container: HTMLElement): () => void;
  store: StoreApi;
}) {
  const slot = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const container = slot.current;
    if (container === null) return undefined;
    const unmount = mountDefault(container);
    const stopWatching = keepHostPanelCollapsed(container);
    const stopGuarding = guardHostDock(container, store);
    return () => {
      stopGuarding();
      stopWatching();
      unmount();
    };
  }, [mountDefault, store]);
  return <div ref={slot} className="ask-user-kit-plugin__composer" />;
}

function mountComposer(
  container: HTMLElement,
  context: ControlUiViewContext<ComposerProps>,
  store: StoreApi,
  api: AsyncQuestionApi,
  dictionary: Dictionary,
) {
  const root = createRoot(container);
  let stopFollowing: (() => void) | null = null;
  // The first context's mountDefault: the built-in composer it mounts follows the host by itself.
  const { mountDefault } = context;
  // The host updates its slot on many of its own renders; the tree reads only the session, so an
  // update for the same session renders nothing again.
  let shownSession: string | null = null;
  const render = (next: ControlUiViewContext<ComposerProps>) => {
    if (next.props.sessionKey === shownSession) return;
    shownSession = next.props.sessionKey;
    stopFollowing?.();
    stopFollowing = api.followSession(next.props.sessionKey);
    root.render(
      <QuestionsProvider store={store} sessionKey={next.props.sessionKey} dictionary={dictionary}>
        <div className="ask-user-kit-plugin" ref={exemptDockFromAutotype}>
          <ComposerDock composer={<BuiltInComposer mountDefault={mountDefault} store={store} />} />
        </div>
      </QuestionsProvider>,
    );
  };
  render(context);
  return {
    update: render,
    // The first control in the page's order that takes it: the host's own hidden panel does not.
    focus: () => focusFirstTaker(container, ["textarea, input, button"]),
    dispose: () => {
      stopFollowing?.();
      root.unmount();
    },
  };
}

function mountToolResult(
  container: HTMLElement,
  context: ControlUiViewContext<ToolResultProps>,
  dictionary: Dictionary,
) {
  if (askUserInputOf(context.props) === null) return { dispose: context.mountDefault(container) };
  const root = createRoot(container);
  const render = (next: ControlUiViewContext<ToolResultProps>) => {
    const record = recordOfToolResult(next.props);
    root.render(
      record === null ? null : (
        <div className="ask-user-kit-plugin">
          <AnswerSummary record={record} dictionary={dictionary} />
        </div>
      ),
    );
  };
  render(context);
  return { update: render, dispose: () => root.unmount() };
}

/** One activation: a store over the host's connection, the composer and tool-result replacements. */
function activate(host: ControlUiHost): void {
  const client = createHostGatewayClient(host);
  const api = withAsyncQuestions(createQuestionApi(client));
  const store: StoreApi = createQuestionStore({
    api,
    // The same key on every activation: drafts, queued answers and summaries carry over.
    gatewayKey: `openclaw-control-ui ${client.url}`,
  });
  const state = (): QuestionStore => store.getState();
  client.connect();
  state().start();
  const stopHidingSummaries = hideSummariesOfAgentCalls(document, store);
  host.signal.addEventListener(
    "abort",
    () => {
      stopHidingSummaries();
      state().stop();
      client.close();
    },
    { once: true },
  );
  const dictionary = dictionaryFor(host.locale);
  const ui = host.ui;
  if (ui === undefined) return;
  ui.registerReplacement({
    id: COMPOSER_ID,
    label: "ask-user-kit question dock",
    surface: "composer",
    mount: (container, context) => mountComposer(container, context, store, api, dictionary),
  });
  ui.selectReplacement("composer", COMPOSER_ID);
  ui.registerReplacement({
    id: TOOL_RESULT_ID,
    label: "ask-user-kit answer summary",
    surface: "tool-result",
    mount: (container, context) => mountToolResult(container, context, dictionary),
  });
  ui.selectReplacement("tool-result", TOOL_RESULT_ID);
}

/** The plugin as `defineControlUiPlugin` returns it (that function is the identity). */
export default { id: PLUGIN_ID, activate };
