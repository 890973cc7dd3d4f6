import { useEffect, useState } from "react";

/**
 * `value` as it was once the frame that shows its change has painted: for a side pane whose
 * update must never hold back the frame that shows what the user waits for.
 */
export function useAfterPaint<Value>(value: Value): Value {
  const [painted, setPainted] = useState(value);
  useEffect(() => {
    if (Object.is(painted, value)) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A task queued from an animation frame runs after that frame's paint.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(value), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [value, painted]);
  return painted;
}
