import { defaultDraftOf, EMPTY_PROMPT_DRAFT } from "./draft-values";
import type { StateTransaction } from "./transaction";
import type { QuestionDraft, QuestionStoreState } from "./types";

type Transaction = StateTransaction<QuestionStoreState>;

function editQuestion(
  tx: Transaction,
  promptId: string,
  questionId: string,
  edit: (draft: QuestionDraft, multiSelect: boolean) => QuestionDraft,
): void {
  const entry = tx.prompt(promptId);
  if (entry === undefined || entry.status !== "pending") return;
  const question = entry.record.questions.find((item) => item.questionId === questionId);
  if (question === undefined) return;
  const promptDraft = tx.draft(promptId) ?? EMPTY_PROMPT_DRAFT;
  const current = promptDraft.questions.get(questionId) ?? defaultDraftOf(question);
  const next = edit(current, question.multiSelect === true);
  tx.setDraft(promptId, {
    ...promptDraft,
    questions: new Map(promptDraft.questions).set(questionId, next),
  });
  if (
    entry.error !== null &&
    (entry.error.questionId === questionId || entry.error.questionId === null)
  ) {
    tx.setPrompt({ ...entry, error: null });
  }
}

function toggled(selected: readonly string[], label: string): string[] {
  return selected.includes(label)
    ? selected.filter((item) => item !== label)
    : [...selected, label];
}

/** Single-select: picks the option; typed free text is kept, not chosen. Multi-select: toggles it. */
export function reduceOptionChosen(
  tx: Transaction,
  promptId: string,
  questionId: string,
  label: string,
): void {
  editQuestion(tx, promptId, questionId, (draft, multiSelect) =>
    multiSelect
      ? { ...draft, selected: toggled(draft.selected, label) }
      : { ...draft, selected: [label] },
  );
}

/** Toggles an option; single-select keeps at most one (typed free text kept, not chosen). */
export function reduceOptionToggled(
  tx: Transaction,
  promptId: string,
  questionId: string,
  label: string,
): void {
  editQuestion(tx, promptId, questionId, (draft, multiSelect) => {
    if (multiSelect) return { ...draft, selected: toggled(draft.selected, label) };
    return draft.selected.includes(label)
      ? { ...draft, selected: [] }
      : { ...draft, selected: [label] };
  });
}

/** Single-select: the kept free text becomes the answer again (the chosen option is unchosen). */
export function reduceOtherChosen(tx: Transaction, promptId: string, questionId: string): void {
  editQuestion(tx, promptId, questionId, (draft, multiSelect) =>
    multiSelect || draft.otherText.trim() === "" || draft.selected.length === 0
      ? draft
      : { ...draft, selected: [] },
  );
}

/** Sets the free text; in single-select, typing clears the chosen option. */
export function reduceOtherTextSet(
  tx: Transaction,
  promptId: string,
  questionId: string,
  text: string,
): void {
  editQuestion(tx, promptId, questionId, (draft, multiSelect) =>
    multiSelect || text === "" ? { ...draft, otherText: text } : { selected: [], otherText: text },
  );
}

/** `left` with the ids added; the same set when it holds them all already. */
function withLeft(
  left: ReadonlySet<string> | undefined,
  ids: readonly string[],
): ReadonlySet<string> | undefined {
  if (ids.every((id) => left?.has(id) === true)) return left;
  return new Set([...(left ?? []), ...ids]);
}

/** Moves the prompt's stepper, clamped to its questions; the question moved away from is left. */
export function reduceStepSet(tx: Transaction, promptId: string, step: number): void {
  const entry = tx.prompt(promptId);
  if (entry === undefined) return;
  const last = entry.record.questions.length - 1;
  const clamped = Math.max(0, Math.min(last, Math.trunc(step)));
  const draft = tx.draft(promptId) ?? EMPTY_PROMPT_DRAFT;
  if (draft.step === clamped && tx.draft(promptId) !== undefined) return;
  const from = entry.record.questions[draft.step]?.questionId;
  const left =
    from === undefined || clamped === draft.step ? draft.left : withLeft(draft.left, [from]);
  tx.setDraft(promptId, { ...draft, step: clamped, ...(left === undefined ? {} : { left }) });
}

/** The user left these questions of a waiting prompt, or tried to go past them. */
export function reduceQuestionsLeft(
  tx: Transaction,
  promptId: string,
  questionIds: readonly string[],
): void {
  const entry = tx.prompt(promptId);
  if (entry === undefined || entry.status !== "pending") return;
  const known = new Set(entry.record.questions.map((question) => question.questionId));
  const ids = questionIds.filter((id) => known.has(id));
  const draft = tx.draft(promptId) ?? EMPTY_PROMPT_DRAFT;
  const left = withLeft(draft.left, ids);
  if (left === draft.left) return;
  tx.setDraft(promptId, { ...draft, ...(left === undefined ? {} : { left }) });
}

/** Chooses which waiting request a session pane shows. */
export function reduceActivePromptSet(tx: Transaction, key: string, promptId: string): void {
  const view = tx.state.sessions.get(key) ?? { activePromptId: null, expanded: true };
  tx.setSession(key, { ...view, activePromptId: promptId });
}

/** Expands or collapses a session pane's panel (never answers or skips). */
export function reduceExpandedSet(tx: Transaction, key: string, expanded: boolean): void {
  const view = tx.state.sessions.get(key) ?? { activePromptId: null, expanded: true };
  tx.setSession(key, { ...view, expanded });
}
