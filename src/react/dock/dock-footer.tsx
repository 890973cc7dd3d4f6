import type { ComponentPropsWithRef } from "react";
import { classNames } from "../class-names";
import { usePromptId } from "../prompt-context";
import { useQuestionStore } from "../use-question-store";
import { BackButton } from "./back-button";
import { NextButton } from "./next-button";
import { SkipControl } from "./skip-control";
import { selectOpenUrl, UrlActions } from "./url-step";

/** Props of `QuestionDock.Footer`; children replace the default buttons. */
export type QuestionDockFooterProps = ComponentPropsWithRef<"div">;

/** Back at the start; Skip (with confirmation) and Next/Submit at the end; Decline and Open for a URL. */
export function DockFooter({ className, children, ...props }: QuestionDockFooterProps) {
  const promptId = usePromptId();
  const isUrl = useQuestionStore((state) => selectOpenUrl(state, promptId) !== undefined);
  return (
    <div {...props} className={classNames("ask-dock__footer", className)}>
      {children ??
        (isUrl ? (
          <UrlActions />
        ) : (
          <>
            <BackButton />
            <SkipControl />
            <NextButton />
          </>
        ))}
    </div>
  );
}
