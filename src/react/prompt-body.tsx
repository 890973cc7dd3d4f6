import type { ComponentPropsWithRef } from "react";
import { useIsEditable } from "./use-editable";

/**
 * The part of a prompt that scrolls on a short screen. While its fields are read-only (sending,
 * queued) nothing inside can take focus, so the body takes it itself: a keyboard can still scroll.
 */
export function PromptBody(props: ComponentPropsWithRef<"div">) {
  const editable = useIsEditable();
  return <div tabIndex={editable ? undefined : 0} {...props} />;
}
