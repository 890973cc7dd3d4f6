import { usePageDictionary } from "./context";
import type { LazyPartState } from "./lazy-part";

/** Props of the line shown while the dock's panel loads, or after it failed to. */
export type PanelLoadNoticeProps = {
  state: LazyPartState<unknown>["status"];
  onRetry: () => Promise<unknown>;
};

/**
 * In the panel's place until it has loaded: a quiet line while it loads (a question restored by a
 * reload, before the chunk arrived), and after a failed load a notice with Try again. The composer
 * stays shown below it with whatever was typed; drafts stay in the store.
 */
export function PanelLoadNotice({ state, onRetry }: PanelLoadNoticeProps) {
  const dictionary = usePageDictionary();
  if (state !== "failed") {
    return (
      <p className="ask-panel-load" role="status" dir={dictionary.dir} lang={dictionary.locale}>
        {dictionary.panelLoading}
      </p>
    );
  }
  return (
    <div
      className="ask-notice ask-panel-load"
      data-status="unavailable"
      role="alert"
      dir={dictionary.dir}
      lang={dictionary.locale}
    >
      <div className="ask-notice__body">
        <p className="ask-notice__text">{dictionary.panelFailed}</p>
      </div>
      <button
        type="button"
        className="ask-button"
        data-variant="secondary"
        onClick={() => {
          onRetry().catch(() => undefined);
        }}
      >
        {dictionary.retry}
      </button>
    </div>
  );
}
