import { startTransition, useEffect, useMemo, useRef, useState } from "react";
import { selectActivePromptId } from "../../store/selectors-prompts";
import { QuestionCard } from "../card/question-card";
import { enterPanel } from "../composer-handoff";
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

/**
 * What the composer dock does as a question's panel shows (the reads that decide the focus and the
 * scroll), on the rehearsal's panel; the focus it would move after the paint is called off at once.
 */
function rehearseHandOff(panel: HTMLElement | null): void {
  if (panel !== null) enterPanel(panel, null, false)();
}

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
 * shown by code already compiled and styles already matched, as every later one is. The dock is
 * mounted empty and its question then arrives, so the path a host's question takes (a store update
 * React renders at once, its effects, the hand-off) has run too. Each part is mounted as a
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
  const panel = useRef<HTMLDivElement>(null);
  current.current = rehearsal;
  const complete = useDictionary();
  const dictionaryNow = useRef(complete);
  dictionaryNow.current = complete;

  useEffect(() => {
    let mounted = true;
    const started = scheduleWarmUps(() => {
      if (busyNow.current) return;
      if (!mounted) return;
      const created = createRehearsal(dictionaryNow.current);
      startTransition(() => {
        setRehearsal(created);
        setStage(STAGES[0]);
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
    if (stage === null || busy || rehearsal === null) return;
    let live = true;
    let cancelNext: (() => void) | undefined;
    const advance = () => {
      const next = STAGES[STAGES.indexOf(stage) + 1] ?? null;
      startTransition(() => setStage(next));
    };
    const cancel = afterPaint(() => {
      if (stage !== "dock") return advance();
      // The dock is shown empty first: its question then arrives as a host's does.
      void rehearsal.arrive().then((active) => {
        if (!live) return;
        if (!active) return startTransition(() => setStage(null));
        cancelNext = afterPaint(() => {
          rehearseHandOff(panel.current);
          advance();
        });
      });
    });
    return () => {
      live = false;
      cancel();
      cancelNext?.();
    };
  }, [stage, busy, rehearsal]);

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
            <div className="ask-composer-dock__panel" ref={panel}>
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
