// What every host page shares: the case's locale and deliberate break from the URL, the host's own
// words, and the questions the agent asks.
import { ar } from "ask-user-kit/locales/ar";
import type { Question } from "ask-user-kit/protocol";
import * as questions from "./questions";

const params = new URLSearchParams(window.location.search);

export const locale = params.get("locale") === "ar" ? "ar" : "en";
document.documentElement.lang = locale;
// An Arabic host's page reads right to left; the kit sets its own direction from the dictionary.
if (locale === "ar") document.documentElement.dir = "rtl";

/**
 * The provider's props for this locale as a README host passes them: nothing in English (the kit's
 * own strings), the Arabic dictionary in Arabic. `break=label` empties Submit, the defect this run
 * exists to catch; `break=overflow` gives Skip a word no phone can fit; `break=shade` takes the
 * "more below" shade off a question body that scrolls.
 */
export function localeProps() {
  const broken = params.get("break");
  if (broken === "shade" && document.getElementById("broken-shade") === null) {
    const style = document.createElement("style");
    style.id = "broken-shade";
    style.textContent =
      ":is(.ask-dock__body, .ask-card__body)::after { animation: none !important; opacity: 0 !important; }";
    document.head.append(style);
  }
  const messages =
    broken === "label"
      ? { messages: { submit: "" } }
      : broken === "overflow"
        ? { messages: { skip: `Skip${"_without_a_break".repeat(8)}` } }
        : {};
  return { ...(locale === "ar" ? { dictionary: ar } : {}), ...messages };
}

/** The host's own strings, in the page's language. */
export const hostText = {
  message: locale === "ar" ? "رسالة" : "Message",
  send: locale === "ar" ? "إرسال" : "Send",
  chat: locale === "ar" ? "المحادثة" : "Chat",
};

/** A control the run drives a host through; hosts driven from outside the page set none. */
export type SurfaceControl = Record<string, () => unknown>;

declare global {
  interface Window {
    surface?: SurfaceControl;
    surfaceGateway?: { url: string; token: string };
  }
}

export const deployQuestion: Question = questions.deploy;
export const checksQuestion: Question = questions.checks;
export const notifyQuestion: Question = questions.notify;
