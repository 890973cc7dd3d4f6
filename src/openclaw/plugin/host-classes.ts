/**
 * The Control UI's own question UI, which a composer replacement does not hide (tested with
 * OpenClaw 2026.9.6). These internal class names are the only handles there are: they live here
 * and in `host-overrides.css` only, and `npm run test:control-ui` fails when the host renames them.
 * The dock sits in the built-in composer the kit mounts into its composer slot; it holds one panel,
 * expanded or collapsed to a bar, for the question the host shows first.
 */
export const HOST_QUESTION_DOCK = ".agent-chat__question-dock";
export const HOST_QUESTION_PANEL = "section.chat-question-panel";
/** The panel's own collapse control, expanded or collapsed: the kit can keep it out of the way. */
export const HOST_PANEL_TOGGLE =
  "button.chat-question-panel__collapse, button.chat-question-panel__collapsed-button";
/** The host's question UI a text field of the composer is not part of. */
export const HOST_QUESTION_UI = [HOST_QUESTION_DOCK, HOST_QUESTION_PANEL] as const;

/**
 * The host's summary of a question record that ended while the page lived: a row of the thread of
 * its own, whose key names the record (`question:<id>`), an agent's call included. An async
 * question's summary replaces its message's body and has no items.
 */
export const HOST_QUESTION_ROW_KEY = "data-chat-row-key";
export const HOST_QUESTION_ROW_PREFIX = "question:";
export const HOST_QUESTION_ROW = `[${HOST_QUESTION_ROW_KEY}^="${HOST_QUESTION_ROW_PREFIX}"]`;
export const HOST_SUMMARY = ".chat-question-summary";
export const HOST_RECORD_SUMMARY = ".chat-question-summary:has(> .chat-question-summary__item)";

/** Set by the plugin on a host dock that shows what the kit does not: the dock stays visible. */
export const HOST_DOCK_REVEALED = "data-ask-user-kit-reveal";
/** Set by the plugin on the host's summary of an agent's call: the kit's tool-result summary shows it. */
export const HOST_SUMMARY_REPLACED = "data-ask-user-kit-replaced";

/**
 * The built-in composer's own question panel takes over the composer slot until collapsed: its
 * collapse button, clicked for it, gives the message field back (the panel itself stays hidden).
 */
export const HOST_PANEL_EXPANDED_COLLAPSE =
  'button.chat-question-panel__collapse[aria-expanded="true"]';

/**
 * The Control UI moves any printable key pressed outside a text field into its composer (and
 * stops it there), unless the key's path holds this attribute: the kit's dock carries it so that
 * its option digits reach it.
 */
export const HOST_AUTOTYPE_EXEMPT = "data-chat-autotype-exempt";
