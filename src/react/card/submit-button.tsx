import type { ComponentPropsWithRef } from "react";
import { classNames } from "../class-names";
import { composeEventHandlers } from "../compose-event-handlers";
import { useDictionary } from "../context";
import { useSubmit } from "../use-actions";

/** Sends every answer; disabled until each question has one. */
export function SubmitButton({ className, onClick, ...props }: ComponentPropsWithRef<"button">) {
  const dictionary = useDictionary();
  const submit = useSubmit();
  return (
    <button
      type="button"
      data-variant="primary"
      disabled={submit === null}
      {...props}
      className={classNames("ask-button", className)}
      onClick={composeEventHandlers(onClick, () => submit?.())}
    >
      {dictionary.submit}
    </button>
  );
}
