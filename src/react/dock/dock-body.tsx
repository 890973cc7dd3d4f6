import type { ComponentPropsWithRef } from "react";
import { classNames } from "../class-names";
import { PromptBody } from "../prompt-body";
import { DockStep } from "./dock-step";

/** Props of `QuestionDock.Body`; children replace the default step. */
export type QuestionDockBodyProps = ComponentPropsWithRef<"div">;

/** Holds the current question; on a short screen it scrolls while header and footer stay in view. */
export function DockBody({ className, children, ...props }: QuestionDockBodyProps) {
  return (
    <PromptBody {...props} className={classNames("ask-dock__body", className)}>
      {children ?? <DockStep />}
    </PromptBody>
  );
}
