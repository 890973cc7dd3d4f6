import type { ComponentPropsWithRef } from "react";
import { MAX_TIMEOUT_SECONDS } from "../../protocol/constants";
import { selectTimeLeftMs } from "../../store/index";
import { classNames } from "../class-names";
import { useDictionary } from "../context";
import { formatMessage } from "../i18n/format";
import { usePromptId } from "../prompt-context";
import { useQuestionStore } from "../use-question-store";

const MS_PER_SECOND = 1000;
const SECONDS_PER_MINUTE = 60;
/** Below this many seconds the countdown warns. */
export const COUNTDOWN_WARNING_SECONDS = 60;

/** Formats whole seconds as m:ss (minutes are not capped: 60:00 for an hour). */
export function formatCountdown(totalSeconds: number): string {
  const seconds = Math.max(0, totalSeconds);
  const minutes = Math.floor(seconds / SECONDS_PER_MINUTE);
  const rest = seconds % SECONDS_PER_MINUTE;
  return `${minutes}:${String(rest).padStart(2, "0")}`;
}

/** Props of the countdown. */
export type CountdownProps = ComponentPropsWithRef<"span"> & { promptId?: string };

/** Time left as m:ss; calm until the last minute, then `data-urgency="warning"`. */
export function Countdown({ promptId, className, ...props }: CountdownProps) {
  const id = usePromptId(promptId);
  const dictionary = useDictionary();
  const secondsLeft = useQuestionStore((state) => {
    const timeLeftMs = selectTimeLeftMs(state, id);
    return timeLeftMs === null ? null : Math.ceil(timeLeftMs / MS_PER_SECOND);
  });
  if (secondsLeft === null) return null;
  return (
    <span
      {...props}
      className={classNames("ask-countdown", className)}
      data-urgency={secondsLeft <= COUNTDOWN_WARNING_SECONDS ? "warning" : "calm"}
    >
      {secondsLeft > MAX_TIMEOUT_SECONDS
        ? dictionary.timeLeftOverHour
        : formatMessage(dictionary, "timeLeft", { time: formatCountdown(secondsLeft) })}
    </span>
  );
}
