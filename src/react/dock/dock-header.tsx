import type { ComponentPropsWithRef } from "react";
import { classNames } from "../class-names";
import { useWaitingTitle } from "../use-waiting-title";
import { CollapseButton } from "./collapse-button";
import { Countdown } from "./countdown";
import { DockProgress } from "./dock-progress";
import { NotifyToggle } from "./notify-toggle";
import { RequestNavigation } from "./request-navigation";

/** Props of `QuestionDock.Header`; children replace the default content. */
export type QuestionDockHeaderProps = ComponentPropsWithRef<"div">;

/** Title row: "Waiting for your answer" (or the optional question's title), request navigation, progress, time left, the notification switch (where offered), collapse. */
export function QuestionDockHeader({ className, children, ...props }: QuestionDockHeaderProps) {
  const title = useWaitingTitle();
  return (
    <div {...props} className={classNames("ask-dock__header", className)}>
      {children ?? (
        <>
          <h2 className="ask-dock__title">{title}</h2>
          <RequestNavigation />
          <DockProgress />
          <Countdown />
          <NotifyToggle />
          <CollapseButton />
        </>
      )}
    </div>
  );
}
