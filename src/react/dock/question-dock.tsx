import { endedWithoutUs, promptStateOf } from "../../store/prompt-state";
import { selectActivePromptId, selectPrompt } from "../../store/selectors-prompts";
import { SubmitButton } from "../card/submit-button";
import { useQuestionsContext } from "../context";
import { OutcomeNotice } from "../notice/outcome-notice";
import { useRetiredPrompt } from "../notice/use-retired-prompt";
import { useQuestionStore } from "../use-question-store";
import { BackButton } from "./back-button";
import { CollapseButton } from "./collapse-button";
import { Countdown } from "./countdown";
import { DockBody } from "./dock-body";
import { DockFooter } from "./dock-footer";
import { QuestionDockHeader } from "./dock-header";
import { DockOptions } from "./dock-options";
import { DockOther } from "./dock-other";
import { DockProgress } from "./dock-progress";
import { QuestionDockRoot, type QuestionDockRootProps } from "./dock-root";
import { QuestionDockStatus } from "./dock-status";
import { DockStep } from "./dock-step";
import { DockSteps } from "./dock-steps";
import { NextButton } from "./next-button";
import { RequestNavigation } from "./request-navigation";
import { SkipControl } from "./skip-control";

/** The complete docked stepper: header, the questions by header, status, the current question (scrolling when tall) and the footer; a prompt that ended elsewhere shows as a notice. */
function QuestionDockComplete(props: QuestionDockRootProps) {
  const { scope } = useQuestionsContext();
  const activeId = useQuestionStore((state) => selectActivePromptId(state, scope));
  const { retiredId, dismiss } = useRetiredPrompt(activeId);
  const explicitRetired = useQuestionStore(
    (state) =>
      props.promptId !== undefined &&
      endedWithoutUs(promptStateOf(selectPrompt(state, props.promptId))),
  );
  if (props.promptId !== undefined && explicitRetired) {
    return <OutcomeNotice promptId={props.promptId} />;
  }
  if (props.promptId === undefined && activeId === null && retiredId !== null) {
    return <OutcomeNotice promptId={retiredId} onDismiss={dismiss} />;
  }
  return (
    <QuestionDockRoot {...props}>
      <QuestionDockHeader />
      <DockSteps />
      <QuestionDockStatus />
      <DockBody />
      <DockFooter />
    </QuestionDockRoot>
  );
}

/** The docked stepper; use it whole (`<QuestionDock />`) or compose its parts. */
export const QuestionDock = /* @__PURE__ */ Object.assign(QuestionDockComplete, {
  Root: QuestionDockRoot,
  Header: QuestionDockHeader,
  Status: QuestionDockStatus,
  Progress: DockProgress,
  Steps: DockSteps,
  Body: DockBody,
  Step: DockStep,
  Options: DockOptions,
  Other: DockOther,
  Footer: DockFooter,
  Countdown,
  RequestNavigation,
  Collapse: CollapseButton,
  Skip: SkipControl,
  Back: BackButton,
  Next: NextButton,
  Submit: SubmitButton,
});
