import * as Checkbox from "@radix-ui/react-checkbox";
import { type KeyboardEvent, useId } from "react";
import { classNames } from "../class-names";
import { composeEventHandlers } from "../compose-event-handlers";
import { useQuestionsContext } from "../context";
import { useCurrentQuestion, usePromptId } from "../prompt-context";
import { useIsEditable } from "../use-editable";
import type { QuestionDockOptionsProps } from "./dock-options";
import { OptionContent, optionAria, optionIds } from "./option-content";
import { useSelectedLabels } from "./use-selected-labels";

const PREVIOUS_KEYS = new Set(["ArrowUp", "ArrowLeft"]);
const NEXT_KEYS = new Set(["ArrowDown", "ArrowRight"]);

function moveFocus(event: KeyboardEvent<HTMLDivElement>, rtl: boolean): void {
  const boxes = [...event.currentTarget.querySelectorAll<HTMLElement>('[role="checkbox"]')];
  const current = boxes.indexOf(event.target as HTMLElement);
  if (current < 0 || boxes.length === 0) return;
  const flip = rtl && (event.key === "ArrowLeft" || event.key === "ArrowRight");
  let next: number | null = null;
  if (event.key === "Home") next = 0;
  else if (event.key === "End") next = boxes.length - 1;
  else if (PREVIOUS_KEYS.has(event.key)) next = current + (flip ? 1 : -1);
  else if (NEXT_KEYS.has(event.key)) next = current + (flip ? -1 : 1);
  if (next === null) return;
  event.preventDefault();
  boxes[(next + boxes.length) % boxes.length]?.focus();
}

/** Multi-select options; a click or Space toggles and never commits, Enter or Next continues. */
export function MultipleChoiceOptions({
  className,
  onKeyDown,
  ...props
}: QuestionDockOptionsProps) {
  const { store, dictionary } = useQuestionsContext();
  const promptId = usePromptId();
  const { question } = useCurrentQuestion();
  const selected = useSelectedLabels(question.questionId);
  const editable = useIsEditable();
  const baseId = useId();
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: arrow keys move focus between the checkboxes inside.
    <div
      {...props}
      className={classNames("ask-options", className)}
      onKeyDown={composeEventHandlers(onKeyDown, (event: KeyboardEvent<HTMLDivElement>) =>
        moveFocus(event, dictionary.dir === "rtl"),
      )}
    >
      {question.options.map((option, position) => {
        const ids = optionIds(baseId, position);
        return (
          <Checkbox.Root
            key={option.label}
            className="ask-option"
            checked={selected.includes(option.label)}
            disabled={!editable}
            onCheckedChange={() =>
              store.getState().toggleOption(promptId, question.questionId, option.label)
            }
            {...optionAria(option, ids)}
          >
            <OptionContent option={option} position={position} ids={ids} />
          </Checkbox.Root>
        );
      })}
    </div>
  );
}
