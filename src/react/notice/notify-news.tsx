import { useContext } from "react";
import { NotifySwitchContext } from "../notify-switch-context";

/**
 * What the page says about a click on a question notification that came too late (its question
 * had ended: nothing was sent), in a polite live region mounted beside the composer from the start.
 */
export function NotifyNews() {
  const notify = useContext(NotifySwitchContext);
  if (notify === null) return null;
  return (
    <div className="ask-notify-news" role="status">
      {notify.news === null ? null : (
        <p className="ask-notify-news__text">
          {notify.news}{" "}
          <button type="button" className="ask-button" onClick={notify.dismissNews}>
            {notify.dismissLabel}
          </button>
        </p>
      )}
    </div>
  );
}
