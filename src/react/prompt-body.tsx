import { type ComponentPropsWithRef, useLayoutEffect, useRef } from "react";
import { focusIsLostOrIn } from "./focus-targets";
import { mergeRefs } from "./merge-refs";
import { PromptMessage } from "./prompt-message";
import { useIsEditable } from "./use-editable";

/**
 * The part of a prompt that scrolls on a short screen, led by the form's own message if it has one. While its fields are read-only (sending,
 * queued) nothing inside can take focus, so the body takes it itself: a keyboard can still scroll,
 * and focus stays in the question instead of falling to the page when the field it was in locks.
 */
export function PromptBody({ ref, children, ...props }: ComponentPropsWithRef<"div">) {
  const editable = useIsEditable();
  const element = useRef<HTMLDivElement | null>(null);
  const wasEditable = useRef(editable);
  useLayoutEffect(() => {
    const locked = wasEditable.current && !editable;
    wasEditable.current = editable;
    const body = element.current;
    if (!locked || body === null) return;
    if (focusIsLostOrIn(body)) body.focus();
  }, [editable]);
  return (
    <div tabIndex={editable ? undefined : 0} {...props} ref={mergeRefs(ref, element)}>
      <PromptMessage />
      {children}
    </div>
  );
}
