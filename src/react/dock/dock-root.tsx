import type { ComponentPropsWithRef } from "react";
import { selectActivePromptId, selectPrompt } from "../../store/index";
import { classNames } from "../class-names";
import { composeEventHandlers } from "../compose-event-handlers";
import { useQuestionsContext } from "../context";
import { displayStatusOf } from "../display-status";
import { LayoutContext, PromptContext } from "../prompt-context";
import { useQuestionKeyboard } from "../use-question-keyboard";
import { useQuestionStore } from "../use-question-store";

/** Props of `QuestionDock.Root`: a `<section>` plus an optional prompt (default: the active one). */
export type QuestionDockRootProps = ComponentPropsWithRef<"section"> & { promptId?: string };

/** The docked panel; renders nothing when the session has no prompt. */
export function QuestionDockRoot({ promptId, ...props }: QuestionDockRootProps) {
  const { scope } = useQuestionsContext();
  const activeId = useQuestionStore((state) => selectActivePromptId(state, scope));
  const id = promptId ?? activeId;
  if (id === null || id === undefined) return null;
  return (
    <PromptContext.Provider value={id}>
      <LayoutContext.Provider value="dock">
        <DockSection promptId={id} {...props} />
      </LayoutContext.Provider>
    </PromptContext.Provider>
  );
}

function DockSection({
  promptId,
  className,
  onKeyDown,
  ...props
}: QuestionDockRootProps & { promptId: string }) {
  const { dictionary } = useQuestionsContext();
  const status = useQuestionStore((state) => displayStatusOf(selectPrompt(state, promptId)));
  const handleKeyDown = useQuestionKeyboard(promptId, "dock");
  return (
    <section
      aria-label={dictionary.questionRegion}
      dir={dictionary.dir}
      lang={dictionary.locale}
      data-state="expanded"
      data-status={status}
      {...props}
      className={classNames("ask-dock", className)}
      onKeyDown={composeEventHandlers(onKeyDown, handleKeyDown)}
    />
  );
}
