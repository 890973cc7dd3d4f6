import type { ComponentPropsWithRef } from "react";
import { classNames } from "../class-names";
import { BackButton } from "./back-button";
import { NextButton } from "./next-button";
import { SkipControl } from "./skip-control";

/** Props of `QuestionDock.Footer`; children replace the default buttons. */
export type QuestionDockFooterProps = ComponentPropsWithRef<"div">;

/** Back at the start; Skip (with confirmation) and Next/Submit at the end. */
export function DockFooter({ className, children, ...props }: QuestionDockFooterProps) {
  return (
    <div {...props} className={classNames("ask-dock__footer", className)}>
      {children ?? (
        <>
          <BackButton />
          <SkipControl />
          <NextButton />
        </>
      )}
    </div>
  );
}
