import type { ComponentPropsWithRef } from "react";
import { mergeRefs } from "../merge-refs";
import { PromptSection } from "../prompt-section";
import { PanelPartsContext, useNewPanelParts } from "./panel-parts";

/** Props of `QuestionDock.Root`: a `<section>` plus an optional prompt (default: the active one). */
export type QuestionDockRootProps = ComponentPropsWithRef<"section"> & { promptId?: string };

/** The docked panel, which its parts reach through context; renders nothing when the session has no prompt. */
export function QuestionDockRoot({ ref, ...props }: QuestionDockRootProps) {
  const parts = useNewPanelParts();
  return (
    <PanelPartsContext.Provider value={parts}>
      <PromptSection layout="dock" {...props} ref={mergeRefs(ref, parts.panel)} />
    </PanelPartsContext.Provider>
  );
}
