import * as RadioGroup from "@radix-ui/react-radio-group";
import { type KeyboardEvent, useContext, useId, useRef } from "react";
import { advanceAfterPick } from "../advance";
import { classNames } from "../class-names";
import { composeEventHandlers } from "../compose-event-handlers";
import { useQuestionsContext } from "../context";
import { LayoutContext, useCurrentQuestion, usePromptId } from "../prompt-context";
import { useIsEditable } from "../use-editable";
import type { QuestionDockOptionsProps } from "./dock-options";
import { OptionContent, optionAria, optionIds } from "./option-content";
import { useSelectedLabels } from "./use-selected-labels";

const ARROW_KEYS = new Set(["ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight"]);

/** Single-select options; a click, Space or digit picks and advances, arrows only select. */
export function SingleChoiceOptions({
  className,
  onKeyDown,
  onKeyUp,
  ...props
}: QuestionDockOptionsProps) {
  const { store, dictionary } = useQuestionsContext();
  const promptId = usePromptId();
  const layout = useContext(LayoutContext);
  const { question, legendId } = useCurrentQuestion();
  const selected = useSelectedLabels(question.questionId);
  const editable = useIsEditable();
  const baseId = useId();
  // Radix checks a radio when an arrow key moves focus to it; that must select without advancing.
  const arrowHeld = useRef(false);
  const trackArrow = (held: boolean) => (event: KeyboardEvent) => {
    if (ARROW_KEYS.has(event.key)) arrowHeld.current = held;
  };
  const choose = (label: string) =>
    store.getState().chooseOption(promptId, question.questionId, label);
  const pick = (label: string) => {
    if (arrowHeld.current) return;
    choose(label);
    if (layout === "dock") advanceAfterPick(store, promptId);
  };
  return (
    <RadioGroup.Root
      aria-labelledby={legendId}
      loop
      value={selected[0] ?? ""}
      onValueChange={choose}
      {...props}
      disabled={!editable}
      dir={dictionary.dir}
      onKeyDownCapture={trackArrow(true)}
      onKeyDown={onKeyDown}
      onKeyUp={composeEventHandlers(onKeyUp, trackArrow(false))}
      className={classNames("ask-options", className)}
    >
      {question.options.map((option, position) => {
        const ids = optionIds(baseId, position);
        return (
          <RadioGroup.Item
            key={option.label}
            value={option.label}
            className="ask-option"
            {...optionAria(option, ids)}
            onClick={() => pick(option.label)}
          >
            <OptionContent option={option} position={position} ids={ids} />
          </RadioGroup.Item>
        );
      })}
    </RadioGroup.Root>
  );
}
