/**
 * The Control UI's own question UI, which a composer replacement does not hide (tested with
 * OpenClaw 2026.9.6). These internal class names are the only handles there are: they live here
 * and in `host-overrides.css` only, and `npm run test:control-ui` fails when the host renames them.
 */
export const HOST_QUESTION_UI = [
  ".agent-chat__question-dock",
  "section.chat-question-panel",
  ".chat-question-summary",
] as const;

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
