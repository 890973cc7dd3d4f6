import type { ComponentPropsWithRef } from "react";
import { classNames } from "../class-names";
import { composeEventHandlers } from "../compose-event-handlers";
import { useDictionary } from "../i18n/use-dictionary";
import { useSetExpanded } from "../use-actions";
import { ChevronIcon } from "./icons";

/** Props of the collapse button. */
export type CollapseButtonProps = ComponentPropsWithRef<"button">;

/** Shrinks the dock to the slim bar; never answers and never skips. */
export function CollapseButton({ className, onClick, ...props }: CollapseButtonProps) {
  const dictionary = useDictionary();
  const setExpanded = useSetExpanded();
  return (
    <button
      type="button"
      aria-label={dictionary.collapse}
      aria-expanded="true"
      {...props}
      className={classNames("ask-icon-button", className)}
      onClick={composeEventHandlers(onClick, () => setExpanded(false))}
    >
      <ChevronIcon direction="down" />
    </button>
  );
}
