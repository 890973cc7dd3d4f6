import type { ComponentPropsWithRef } from "react";
import { PromptSection } from "../prompt-section";

/** Props of `QuestionDock.Root`: a `<section>` plus an optional prompt (default: the active one). */
export type QuestionDockRootProps = ComponentPropsWithRef<"section"> & { promptId?: string };

/** The docked panel; renders nothing when the session has no prompt. */
export function QuestionDockRoot(props: QuestionDockRootProps) {
  return <PromptSection layout="dock" {...props} />;
}
