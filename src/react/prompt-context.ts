import { createContext, useContext } from "react";
import type { Question } from "../protocol/types";

/** The prompt a dock or card shows; set by its Root. */
export const PromptContext = /* @__PURE__ */ createContext<string | null>(null);

/** The prompt of the nearest Root, or `explicit` when given; throws when neither exists. */
export function usePromptId(explicit?: string): string {
  const fromContext = useContext(PromptContext);
  const promptId = explicit ?? fromContext;
  if (promptId === null) {
    throw new Error("ask-user-kit: render this part inside QuestionDock.Root or QuestionCard.");
  }
  return promptId;
}

/** The question a Step shows, with its position. */
export type QuestionContextValue = {
  question: Question;
  index: number;
  legendId: string;
  /** The element that says which rule a form field's answer breaks, when it breaks one. */
  issueId?: string;
};

/** Set by `QuestionDock.Step` (one question) or by `QuestionCard` (each question). */
export const QuestionContext = /* @__PURE__ */ createContext<QuestionContextValue | null>(null);

/** The question of the nearest Step; throws outside one. */
export function useCurrentQuestion(): QuestionContextValue {
  const value = useContext(QuestionContext);
  if (value === null) throw new Error("ask-user-kit: render this part inside QuestionDock.Step.");
  return value;
}

/** How a pick behaves: the dock advances after a single-select pick, the card does not. */
export type LayoutKind = "dock" | "card";

/** The layout the parts are rendered in. */
export const LayoutContext = /* @__PURE__ */ createContext<LayoutKind>("dock");

/**
 * Who moves the focus into a dock as it shows: the dock itself, or the container showing it
 * (`ComposerDock`, which knows whether the user asked for it or a question arrived).
 */
export const ShowFocusContext = /* @__PURE__ */ createContext<"dock" | "container">("dock");
