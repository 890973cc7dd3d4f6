import { mergeRefs } from "../merge-refs";
import { DockBody, type QuestionDockBodyProps } from "./dock-body";
import { QuestionDockRoot, type QuestionDockRootProps } from "./dock-root";
import { PanelPartsContext, useBodyRef, useNewPanelParts } from "./panel-parts";

/** `QuestionDock.Root`: the docked panel, which its parts reach through context, not class names. */
export function DockPanelRoot({ ref, ...props }: QuestionDockRootProps) {
  const parts = useNewPanelParts();
  return (
    <PanelPartsContext.Provider value={parts}>
      <QuestionDockRoot {...props} ref={mergeRefs(ref, parts.panel)} />
    </PanelPartsContext.Provider>
  );
}

/** `QuestionDock.Body`: the current question, registered as the element a step change scrolls to its top. */
export function DockPanelBody({ ref, ...props }: QuestionDockBodyProps) {
  const bodyRef = useBodyRef();
  return <DockBody {...props} ref={mergeRefs(ref, bodyRef)} />;
}
