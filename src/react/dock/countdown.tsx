import type { ComponentPropsWithRef } from "react";
import { MAX_TIMEOUT_SECONDS } from "../../protocol/constants";
import { selectTimeLeftMs } from "../../store/selectors-prompts";
import { classNames } from "../class-names";
import type { Dictionary } from "../i18n/en";
import { formatMessage } from "../i18n/format";
import { useDictionary } from "../i18n/use-dictionary";
import { usePromptId } from "../prompt-context";
import { useQuestionStore } from "../use-question-store";

const MS_PER_SECOND = 1000;
const SECONDS_PER_MINUTE = 60;
/** Below this many seconds the countdown warns. */
export const COUNTDOWN_WARNING_SECONDS = 60;

type TimeUnit = "minute" | "second";
/** A formatter is costly to make and the countdown asks again each time it renders: one per locale and unit. */
const unitFormats = new Map<string, Intl.NumberFormat>();

function unitAmount(dictionary: Dictionary, amount: number, unit: TimeUnit): string {
  const key = `${dictionary.locale} ${unit}`;
  let format = unitFormats.get(key);
  if (format === undefined) {
    // Latin digits, as every other number the dock shows ("Question 1 of 3", "1/2").
    format = new Intl.NumberFormat(dictionary.locale, {
      style: "unit",
      unit,
      unitDisplay: "short",
      numberingSystem: "latn",
    });
    unitFormats.set(key, format);
  }
  return format.format(amount);
}

/**
 * The seconds the countdown says, rounded as it says them: whole minutes while more than a minute
 * is left, so that it renders once a minute until its last one.
 */
function shownSeconds(timeLeftMs: number): number {
  const seconds = Math.ceil(timeLeftMs / MS_PER_SECOND);
  if (seconds > MAX_TIMEOUT_SECONDS) return MAX_TIMEOUT_SECONDS + 1;
  if (seconds <= COUNTDOWN_WARNING_SECONDS) return seconds;
  return Math.ceil(seconds / SECONDS_PER_MINUTE) * SECONDS_PER_MINUTE;
}

/**
 * Whole seconds left as the countdown says them: minutes while more than a minute is left ("5 min
 * left", rounded up so a fresh 15-minute question reads "15 min"), seconds in the last minute
 * ("42 sec left"), and "More than an hour left" beyond what the protocol allows.
 */
export function formatTimeLeft(totalSeconds: number, dictionary: Dictionary): string {
  const seconds = Math.max(0, totalSeconds);
  if (seconds > MAX_TIMEOUT_SECONDS) return dictionary.timeLeftOverHour;
  const time =
    seconds > COUNTDOWN_WARNING_SECONDS
      ? unitAmount(dictionary, Math.ceil(seconds / SECONDS_PER_MINUTE), "minute")
      : unitAmount(dictionary, seconds, "second");
  return formatMessage(dictionary, "timeLeft", { time });
}

/** Props of the countdown. */
export type CountdownProps = ComponentPropsWithRef<"span"> & { promptId?: string };

/** Time left in minutes, then seconds in the last minute; calm until then, then `data-urgency="warning"`. */
export function Countdown({ promptId, className, ...props }: CountdownProps) {
  const id = usePromptId(promptId);
  const dictionary = useDictionary();
  const secondsLeft = useQuestionStore((state) => {
    const timeLeftMs = selectTimeLeftMs(state, id);
    return timeLeftMs === null ? null : shownSeconds(timeLeftMs);
  });
  if (secondsLeft === null) return null;
  return (
    <span
      {...props}
      className={classNames("ask-countdown", className)}
      data-urgency={secondsLeft <= COUNTDOWN_WARNING_SECONDS ? "warning" : "calm"}
    >
      {formatTimeLeft(secondsLeft, dictionary)}
    </span>
  );
}
