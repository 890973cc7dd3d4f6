import { createContext } from "react";

/** Where the notification switch stands. */
export type NotifySwitchState = "on" | "open-only" | "off" | "blocked" | "unsupported";

/** What `<NotificationAnswers>` (`ask-user-kit/notify`) gives the dock's switch. */
export type NotifySwitchValue = {
  state: NotifySwitchState;
  /** Turns notifications on (asking the browser's permission: call it in a click) or off. */
  toggle(): void;
  label: string;
  /** The state in words. */
  stateText: string;
  /** What the page must say about a click on a notification (one that came too late), or null. */
  news: string | null;
  dismissNews(): void;
  /** The dismiss button's name. */
  dismissLabel: string;
};

/** Set by `<NotificationAnswers>`; `null` where the host offers no notifications. */
export const NotifySwitchContext = /* @__PURE__ */ createContext<NotifySwitchValue | null>(null);

/** Whether the switch is on (with buttons or open-only), and whether it can be turned on at all. */
export function switchFlags(state: NotifySwitchState): { on: boolean; unavailable: boolean } {
  return {
    on: state === "on" || state === "open-only",
    unavailable: state === "blocked" || state === "unsupported",
  };
}
