import { startTransition, useEffect, useMemo, useRef, useState } from "react";
import { selectActivePromptId } from "../../store/selectors-prompts";
import { QuestionCard } from "../card/question-card";
import { QuestionsContext, useQuestionsContext } from "../context";
import { QuestionDock } from "../dock/question-dock";
import { afterPaint } from "../focus-after-paint";
import { useDictionary } from "../i18n/use-dictionary";
import { ShowFocusContext } from "../prompt-context";
import { QuestionBar } from "../question-bar";
import { ExpandContext } from "../use-expanded";
import { useQuestionStore } from "../use-question-store";
import { scheduleWarmUps, type WarmUpSchedule } from "./warm-up-schedule";
import { createRehearsal, type Rehearsal, WARM_UP_SCOPE } from "./warm-up-store";

/** One part rendered at a time: each commit stays short, so a question's frame never waits long. */
const STAGES = ["dock", "card", "bar"] as const;
type Stage = (typeof STAGES)[number];

const keepExpanded = () => undefined;

/** Out of sight and reach; laid out (styles matched, boxes sized) as the real panel would be. */
const OUT_OF_SIGHT = {
  position: "fixed",
  insetBlockStart: 0,
  insetInlineStart: 0,
  inlineSize: "100%",
  visibility: "hidden",
  pointerEvents: "none",
  zIndex: -1,
} as const;

/**
 * Renders the panel's parts once, out of sight, while the page is idle, so the first question is
 * shown by code already compiled and styles already matched, as every later one is. Rendered as a
 * transition, so any real update (a question arriving) goes first; gone the moment one shows.
 * Hidden from sight, pointer, focus and assistive technology.
 */
export function PanelWarmUp() {
  const { scope, dictionary } = useQuestionsContext();
  const busy = useQuestionStore((state) => selectActivePromptId(state, scope) !== null);
  const [stage, setStage] = useState<Stage | null>(null);
  const [rehearsal, setRehearsal] = useState<Rehearsal | null>(null);
  const schedule = useRef<WarmUpSchedule | null>(null);
  const busyNow = useRef(busy);
  busyNow.current = busy;
  const current = useRef<Rehearsal | null>(null);
  current.current = rehearsal;
  const complete = useDictionary();
  const dictionaryNow = useRef(complete);
  dictionaryNow.current = complete;

  useEffect(() => {
    let mounted = true;
    const started = scheduleWarmUps(() => {
      if (busyNow.current) return;
      void createRehearsal(dictionaryNow.current).then((created) => {
        if (created === null) return;
        if (busyNow.current || !mounted) return created.stop();
        startTransition(() => {
          setRehearsal(created);
          setStage(STAGES[0]);
        });
      });
    });
    schedule.current = started;
    return () => {
      mounted = false;
      started.stop();
      current.current?.stop();
    };
  }, []);

  useEffect(() => {
    if (busy) schedule.current?.touch();
  }, [busy]);

  useEffect(() => {
    if (stage === null || busy) return;
    return afterPaint(() => {
      const next = STAGES[STAGES.indexOf(stage) + 1] ?? null;
      startTransition(() => setStage(next));
    });
  }, [stage, busy]);

  useEffect(() => {
    if (rehearsal === null || (stage !== null && !busy)) return;
    rehearsal.stop();
    setRehearsal(null);
    setStage(null);
  }, [rehearsal, stage, busy]);

  const context = useMemo(
    () =>
      rehearsal === null ? null : { store: rehearsal.store, scope: WARM_UP_SCOPE, dictionary },
    [rehearsal, dictionary],
  );
  if (busy || stage === null || context === null) return null;
  return (
    <div className="ask-warm-up" aria-hidden="true" inert style={OUT_OF_SIGHT}>
      <QuestionsContext.Provider value={context}>
        <ExpandContext.Provider value={keepExpanded}>
          <ShowFocusContext.Provider value="container">
            <div className="ask-composer-dock__panel">
              {stage === "dock" ? (
                <QuestionDock />
              ) : stage === "card" ? (
                <QuestionCard />
              ) : (
                <QuestionBar />
              )}
            </div>
          </ShowFocusContext.Provider>
        </ExpandContext.Provider>
      </QuestionsContext.Provider>
    </div>
  );
}
