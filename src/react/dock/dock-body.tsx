import type { ComponentPropsWithRef, MouseEvent } from "react";
import { classNames } from "../class-names";
import { composeEventHandlers } from "../compose-event-handlers";
import { mergeRefs } from "../merge-refs";
import { PromptBody } from "../prompt-body";
import { DockStep } from "./dock-step";
import { useBodyRef } from "./panel-parts";
import { useSwitchGuard } from "./use-switch-guard";

/** Props of `QuestionDock.Body`; children replace the default step. */
export type QuestionDockBodyProps = ComponentPropsWithRef<"div">;

/**
 * Holds the current question; on a short screen it scrolls while header and footer stay in view,
 * and a step change scrolls it back to its top. A pointer click that lands just after the dock
 * switched requests picks nothing.
 */
export function DockBody({
  ref,
  className,
  children,
  onClickCapture,
  ...props
}: QuestionDockBodyProps) {
  const bodyRef = useBodyRef();
  const missedAfterSwitch = useSwitchGuard();
  const ignoreMissedClick = (event: MouseEvent<HTMLDivElement>) => {
    if (!missedAfterSwitch(event)) return;
    event.preventDefault();
    event.stopPropagation();
  };
  return (
    <PromptBody
      {...props}
      ref={mergeRefs(ref, bodyRef)}
      className={classNames("ask-dock__body", className)}
      onClickCapture={composeEventHandlers(onClickCapture, ignoreMissedClick)}
    >
      {children ?? <DockStep />}
    </PromptBody>
  );
}
