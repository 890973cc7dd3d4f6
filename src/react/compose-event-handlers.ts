/** Runs the user's handler first; ours runs unless the user's handler called `preventDefault`. */
export function composeEventHandlers<Event extends { defaultPrevented: boolean }>(
  userHandler: ((event: Event) => void) | undefined,
  ownHandler: (event: Event) => void,
): (event: Event) => void {
  return (event) => {
    // An inner widget (Radix) may already have prevented the default; only the user's own call counts.
    const wasPrevented = event.defaultPrevented;
    userHandler?.(event);
    if (!wasPrevented && event.defaultPrevented) return;
    ownHandler(event);
  };
}
