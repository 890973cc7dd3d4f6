import type { ComponentPropsWithRef } from "react";
import { useCurrentQuestion } from "../prompt-context";
import { MultipleChoiceOptions } from "./multiple-choice-options";
import { SingleChoiceOptions } from "./single-choice-options";

/** Props of `QuestionDock.Options`. */
export type QuestionDockOptionsProps = Omit<ComponentPropsWithRef<"div">, "defaultValue" | "dir">;

/** The options of the current question: a Radix RadioGroup (single) or Checkboxes (multi). */
export function DockOptions(props: QuestionDockOptionsProps) {
  const { question } = useCurrentQuestion();
  if (question.options.length === 0) return null;
  return question.multiSelect === true ? (
    <MultipleChoiceOptions {...props} />
  ) : (
    <SingleChoiceOptions {...props} />
  );
}
