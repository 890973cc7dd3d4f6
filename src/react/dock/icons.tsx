const ICON_SIZE = 16;

/** Direction a chevron points to (start/end follow the text direction in CSS). */
export type ChevronDirection = "up" | "down" | "start" | "end";

/** Decorative chevron; the button around it carries the accessible name. */
export function ChevronIcon({ direction }: { direction: ChevronDirection }) {
  return (
    <svg
      className="ask-icon"
      data-direction={direction}
      width={ICON_SIZE}
      height={ICON_SIZE}
      viewBox="0 0 16 16"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M4 6l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.5" />
    </svg>
  );
}

/** Decorative cross for close buttons. */
export function CloseIcon() {
  return (
    <svg
      className="ask-icon"
      width={ICON_SIZE}
      height={ICON_SIZE}
      viewBox="0 0 16 16"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M4 4l8 8M12 4l-8 8" fill="none" stroke="currentColor" strokeWidth="1.5" />
    </svg>
  );
}
