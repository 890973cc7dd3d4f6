import type { Ref, RefCallback } from "react";

/** One ref callback that feeds every given ref (the host's and ours). */
export function mergeRefs<Value>(...refs: Array<Ref<Value> | undefined>): RefCallback<Value> {
  return (value) => {
    for (const ref of refs) {
      if (typeof ref === "function") ref(value);
      else if (ref !== null && ref !== undefined) ref.current = value;
    }
  };
}
