import type { ComponentPropsWithRef } from "react";
import { displayText } from "../protocol/display-text";

/** Props of `<AgentText>`: the text, and what the `<bdi>` carries besides (an id, a class). */
export type AgentTextProps = Omit<ComponentPropsWithRef<"bdi">, "children" | "dir"> & {
  text: string;
};

/**
 * Text the agent wrote (or the user picked from it), in any direction: isolated at its edges so
 * it cannot reorder the sentence around it, and shown without the direction controls inside it,
 * which would reorder the text itself.
 */
export function AgentText({ text, ...props }: AgentTextProps) {
  return (
    <bdi {...props} dir="auto">
      {displayText(text)}
    </bdi>
  );
}
