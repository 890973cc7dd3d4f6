import { useContext, useId } from "react";
import { NotifySwitchContext } from "../context";

const BELL_PATH = "M4 11.5h8l-1-1.5V7a3 3 0 0 0-6 0v3l-1 1.5zM6.8 13.5a1.3 1.3 0 0 0 2.4 0";
const SLASH_PATH = "M3 3l10 10";

/**
 * The dock's switch for question notifications, where the host offers them
 * (`<NotificationAnswers>`): pressed while on, its state said beside it to assistive technology
 * and in its tooltip; unavailable (blocked, unsupported) it says why and does nothing.
 */
export function NotifyToggle() {
  const notify = useContext(NotifySwitchContext);
  const stateId = useId();
  if (notify === null) return null;
  const { on, unavailable } = notify;
  return (
    <button
      type="button"
      className="ask-icon-button"
      data-notify={notify.state}
      aria-label={notify.label}
      aria-pressed={on}
      aria-disabled={unavailable || undefined}
      aria-describedby={stateId}
      title={notify.stateText}
      onClick={unavailable ? undefined : notify.toggle}
    >
      <svg
        className="ask-icon"
        width={16}
        height={16}
        viewBox="0 0 16 16"
        aria-hidden="true"
        focusable="false"
      >
        <path d={BELL_PATH} fill="none" stroke="currentColor" strokeWidth="1.5" />
        {on ? null : <path d={SLASH_PATH} fill="none" stroke="currentColor" strokeWidth="1.5" />}
      </svg>
      <span id={stateId} hidden>
        {notify.stateText}
      </span>
    </button>
  );
}
