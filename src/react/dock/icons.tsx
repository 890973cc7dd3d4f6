const ICON_SIZE = 16;

/** Direction a chevron points to (start/end follow the text direction in CSS). */
export type ChevronDirection = "up" | "down" | "start" | "end";

/** A decorative 16 px icon; the control around it carries the accessible name. */
function Icon({ path, direction }: { path: string; direction?: ChevronDirection }) {
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
      <path d={path} fill="none" stroke="currentColor" strokeWidth="1.5" />
    </svg>
  );
}

/** Decorative chevron; the button around it carries the accessible name. */
export function ChevronIcon({ direction }: { direction: ChevronDirection }) {
  return <Icon path="M4 6l4 4 4-4" direction={direction} />;
}

/** Decorative cross for close buttons. */
export function CloseIcon() {
  return <Icon path="M4 4l8 8M12 4l-8 8" />;
}

/** Decorative check mark for an answered step; the button's label says it to screen readers. */
export function CheckIcon() {
  return <Icon path="M3.5 8.5l3 3 6-7" />;
}
