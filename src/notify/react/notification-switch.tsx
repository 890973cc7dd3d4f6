import { type ComponentPropsWithRef, useContext, useId } from "react";
import { classNames } from "../../react/class-names";
import { NotifySwitchContext } from "../../react/context";

/** Props of `<NotificationSwitch>`. */
export type NotificationSwitchProps = Omit<ComponentPropsWithRef<"div">, "children">;

/**
 * The notification switch with its state in words, for a host's toolbar or settings, inside
 * `<NotificationAnswers>` (renders nothing outside it). Blocked or unsupported, it says why and
 * cannot be turned on.
 */
export function NotificationSwitch({ className, ...props }: NotificationSwitchProps) {
  const notify = useContext(NotifySwitchContext);
  const stateId = useId();
  if (notify === null) return null;
  const { on, unavailable } = notify;
  return (
    <div
      {...props}
      className={classNames("ask-notify-switch", className)}
      data-notify={notify.state}
    >
      <button
        type="button"
        role="switch"
        aria-checked={on}
        aria-disabled={unavailable || undefined}
        aria-describedby={stateId}
        className="ask-notify-switch__control"
        onClick={unavailable ? undefined : notify.toggle}
      >
        {notify.label}
      </button>
      <span id={stateId} className="ask-notify-switch__state">
        {notify.stateText}
      </span>
    </div>
  );
}
