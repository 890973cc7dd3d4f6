import type { ComponentPropsWithRef } from "react";
import { displayText } from "../../protocol/display-text";
import { classNames } from "../class-names";
import { formatMessage } from "../i18n/format";
import { useDictionary } from "../i18n/use-dictionary";
import { useReplyTarget } from "./use-reply-target";

/** Props of `<ReplyHint>`. */
export type ReplyHintProps = ComponentPropsWithRef<"div">;

/**
 * Above the composer while a run's question waits: the next message answers it, and why the last
 * reply did not. Renders nothing when a message would start a new turn.
 */
export function ReplyHint({ className, ...props }: ReplyHintProps) {
  const dictionary = useDictionary();
  const target = useReplyTarget();
  if (target === null) return null;
  const { count } = target;
  const header = displayText(target.header);
  const hint =
    count > 1
      ? formatMessage(dictionary, "replyHintMany", { header, count: String(count) })
      : formatMessage(dictionary, "replyHint", { header });
  return (
    <div
      dir={dictionary.dir}
      lang={dictionary.locale}
      {...props}
      className={classNames("ask-reply", className)}
    >
      <p id={target.hintId} className="ask-reply__hint">
        {hint}
      </p>
      {target.refusal === null ? null : (
        <p role="alert" className="ask-reply__refusal">
          {formatMessage(dictionary, "replyRefused", { reason: target.refusal })}
        </p>
      )}
    </div>
  );
}
