import { useContext, useEffect } from "react";
import { NotifySwitchContext } from "../context";
import { findFocusTarget, questionFocusTargets } from "../focus-targets";

/**
 * What the page says about a click on a question notification that came too late (its question
 * had ended: nothing was sent), in a polite live region mounted beside the composer from the start.
 * A click on a notification's body that opened the dock moves the focus into it.
 */
export function NotifyNews() {
  const notify = useContext(NotifySwitchContext);
  const openedCount = notify?.openedCount ?? 0;
  useEffect(() => {
    if (openedCount === 0) return;
    // Once the dock shows the prompt the click opened.
    const frame = requestAnimationFrame(() => {
      const panel = document.querySelector<HTMLElement>(".ask-composer-dock__panel");
      findFocusTarget(panel, questionFocusTargets())?.focus();
    });
    return () => cancelAnimationFrame(frame);
  }, [openedCount]);
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
