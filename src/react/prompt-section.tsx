import type { ComponentPropsWithRef } from "react";
import { promptStateOf } from "../store/prompt-state";
import { selectActivePromptId, selectPrompt } from "../store/selectors-prompts";
import { classNames } from "./class-names";
import { composeEventHandlers } from "./compose-event-handlers";
import { useQuestionsContext } from "./context";
import { useDictionary } from "./i18n/use-dictionary";
import { LayoutContext, type LayoutKind, PromptContext } from "./prompt-context";
import { keyForOrigin } from "./status-message";
import { useQuestionKeyboard } from "./use-question-keyboard";
import { useQuestionStore } from "./use-question-store";

/** Props of `<PromptSection>`: a `<section>`, the layout, and an optional prompt (default: the active one). */
export type PromptSectionProps = ComponentPropsWithRef<"section"> & {
  layout: LayoutKind;
  promptId?: string;
};

const SECTION_CLASS: Record<LayoutKind, string> = { dock: "ask-dock", card: "ask-card" };

/** The region of one prompt in a layout, with its status and keys; nothing when the session has no prompt. */
export function PromptSection({ promptId, ...props }: PromptSectionProps) {
  const { scope } = useQuestionsContext();
  const activeId = useQuestionStore((state) => selectActivePromptId(state, scope));
  const id = promptId ?? activeId;
  if (!id) return null;
  return (
    <PromptContext.Provider value={id}>
      <LayoutContext.Provider value={props.layout}>
        <Section promptId={id} {...props} />
      </LayoutContext.Provider>
    </PromptContext.Provider>
  );
}

function Section({
  promptId,
  layout,
  className,
  onKeyDown,
  ...props
}: PromptSectionProps & { promptId: string }) {
  const dictionary = useDictionary();
  const { status } = useQuestionStore((state) => promptStateOf(selectPrompt(state, promptId)));
  const origin = useQuestionStore((state) => selectPrompt(state, promptId)?.record.origin);
  const handleKeyDown = useQuestionKeyboard(promptId, layout);
  return (
    <section
      aria-label={dictionary[keyForOrigin("questionRegion", origin)]}
      dir={dictionary.dir}
      lang={dictionary.locale}
      data-state="expanded"
      data-status={status}
      {...props}
      className={classNames(SECTION_CLASS[layout], className)}
      onKeyDown={composeEventHandlers(onKeyDown, handleKeyDown)}
    />
  );
}
