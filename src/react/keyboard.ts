/** `keyCode` browsers report for keys pressed while an input method composes. */
export const IME_PROCESS_KEY_CODE = 229;

type KeyLike = {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  keyCode: number;
  nativeEvent: { isComposing?: boolean };
};

/** True while an IME composes: such keys belong to the IME, never to the dock. */
export function isComposing(event: KeyLike): boolean {
  return event.nativeEvent.isComposing === true || event.keyCode === IME_PROCESS_KEY_CODE;
}

/** True when Ctrl, Meta or Alt is held. */
export function hasCommandModifier(event: KeyLike): boolean {
  return event.ctrlKey || event.metaKey || event.altKey;
}

/** Ctrl/Cmd+Enter: advances even inside the Other text field. */
export function isCommandEnter(event: KeyLike): boolean {
  return event.key === "Enter" && (event.ctrlKey || event.metaKey) && !event.altKey;
}

/** The 1-based digit of a plain digit key, or null. */
export function digitOf(event: KeyLike): number | null {
  return /^[1-9]$/.test(event.key) ? Number(event.key) : null;
}

/** True when the key goes to a text field (typing there must never pick options). */
export function isTextEntryTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLInputElement ||
    target.isContentEditable
  );
}
