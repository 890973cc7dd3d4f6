// A review interrupt of the human-in-the-loop middleware as dock questions, and the answers back
// as the middleware's decisions: per action a decision step (Approve / Reject, a typed reason
// rejects with that message), then, where editing is allowed, one step per argument holding
// its current value. Approving with a changed argument sends an `edit` decision.

import { BOOLEAN_LABELS, readNumber } from "../protocol/field-values";
import type { FieldIssue, QuestionField } from "../protocol/form-field";
import type { Question, QuestionAnswers, QuestionOption } from "../protocol/types";
import type { ReviewAction, ReviewDecision } from "./interrupt-shapes";

/** The words a review prompt is made of; English unless the host gives its own. */
export type ReviewWords = {
  approve: string;
  reject: string;
  /** Approve's description; `{name}` is the tool's name. */
  approveHint: string;
  /** Approve's description when the arguments may be changed in the steps after it. */
  approveEditableHint: string;
  /** Reject's description. */
  rejectHint: string;
  /** The prompt's message for one action. */
  messageOne: string;
  /** The prompt's message for several; `{count}` is their number. */
  message: string;
  /** Said in the summary of an approved call that never ran (the middleware dropped it). */
  notRun: string;
  /** Said of an approved call while the thread holds neither its result nor a sign it was dropped. */
  resultPending: string;
};

export const DEFAULT_REVIEW_WORDS: ReviewWords = {
  approve: "Approve",
  reject: "Reject",
  approveHint: "Run {name} as shown.",
  approveEditableHint: "Run {name} with the arguments as set in the next steps.",
  rejectHint: "Do not run it. Or type a reason instead: the agent is told why.",
  messageOne: "The agent wants to run a tool call. Review it before it runs.",
  message: "The agent wants to run {count} tool calls. Review each before it runs.",
  notRun: "It did not run: the agent went on without it.",
  resultPending: "Not known yet whether it ran: waiting for the tool's result.",
};

type ArgumentStep = {
  key: string;
  questionId: string;
  kind: "text" | "number" | "boolean" | "json";
};

/** One action's questions and how its answers become a decision. */
export type ReviewStep = {
  action: ReviewAction;
  decisionId: string;
  argumentSteps: ArgumentStep[];
};

const MAX_SHOWN_VALUE = 200;

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}

function shownValue(value: unknown): string {
  const text = typeof value === "string" ? value : (JSON.stringify(value) ?? String(value));
  return text.length > MAX_SHOWN_VALUE ? `${text.slice(0, MAX_SHOWN_VALUE)}…` : text;
}

/** The call in words: `send_email: to = bob@x.io; subject = hi`. */
export function describeCall(action: ReviewAction): string {
  const args = Object.entries(action.args).map(([key, value]) => `${key} = ${shownValue(value)}`);
  const call = args.length === 0 ? action.name : `${action.name}: ${args.join("; ")}`;
  const description = action.description?.trim() ?? "";
  if (description === "") return call;
  // The middleware's description is a sentence of its own, usually with its full stop.
  return /[.!?。]$/.test(description) ? `${description} ${call}` : `${description}. ${call}`;
}

function kindOf(value: unknown): ArgumentStep["kind"] {
  if (typeof value === "string") return "text";
  if (typeof value === "number" && Number.isFinite(value)) return "number";
  if (typeof value === "boolean") return "boolean";
  return "json";
}

function textOf(value: unknown, kind: ArgumentStep["kind"]): string {
  if (kind === "text") return value as string;
  if (kind === "json") return JSON.stringify(value) ?? "null";
  return String(value);
}

function fieldOf(value: unknown, kind: ArgumentStep["kind"]): QuestionField {
  const defaults = [textOf(value, kind)];
  if (kind === "boolean") return { type: "boolean", required: true, defaults };
  if (kind === "number")
    return { type: Number.isInteger(value) ? "integer" : "number", required: true, defaults };
  return { type: "string", required: kind === "json", defaults };
}

/** The steps of a review and its questions, in action order. */
export function reviewQuestions(
  actions: readonly ReviewAction[],
  words: ReviewWords,
): { steps: ReviewStep[]; questions: Question[]; message: string } {
  const steps: ReviewStep[] = [];
  const questions: Question[] = [];
  actions.forEach((action, index) => {
    const decisionId = `action_${index + 1}`;
    const editable = action.allowed.includes("edit");
    const options: QuestionOption[] = [];
    if (action.allowed.includes("approve") || editable) {
      const hint = editable ? words.approveEditableHint : words.approveHint;
      options.push({ label: words.approve, description: fill(hint, { name: action.name }) });
    }
    if (action.allowed.includes("reject"))
      options.push({ label: words.reject, description: words.rejectHint });
    // A typed reason rejects (or replies): free text only where one of those is allowed.
    const takesText = action.allowed.includes("reject") || action.allowed.includes("respond");
    questions.push({
      questionId: decisionId,
      header: action.name,
      question: describeCall(action),
      options,
      ...(takesText ? { isOther: true } : {}),
      // One allowed decision is still a step to confirm; a choice field may have one option.
      ...(options.length < 2 ? { field: { type: "choice" as const, required: true } } : {}),
    });
    const argumentSteps: ArgumentStep[] = [];
    if (editable) {
      Object.entries(action.args).forEach(([key, value], argIndex) => {
        const kind = kindOf(value);
        const questionId = `${decisionId}_arg_${argIndex + 1}`;
        const field = fieldOf(value, kind);
        argumentSteps.push({ key, questionId, kind });
        // Argument names are any string; an empty one still needs words to show. The step asks
        // its name alone (Approve's hint says what the steps are for), so a summary says it once.
        const named = key.trim() === "" ? `${argIndex + 1}` : key;
        questions.push({
          questionId,
          header: named,
          question: named,
          options: field.type === "boolean" ? BOOLEAN_LABELS.map((label) => ({ label })) : [],
          ...(field.type === "boolean" ? {} : { isOther: true }),
          field,
        });
      });
    }
    steps.push({ action, decisionId, argumentSteps });
  });
  const message =
    actions.length === 1
      ? words.messageOne
      : fill(words.message, { count: String(actions.length) });
  return { steps, questions, message };
}

type Edited =
  | { ok: true; args: Record<string, unknown> }
  | { ok: false; issues: Map<string, FieldIssue> };

function editedArgs(step: ReviewStep, answers: QuestionAnswers): Edited {
  const entries: Array<[string, unknown]> = Object.entries(step.action.args);
  const issues = new Map<string, FieldIssue>();
  for (const { key, questionId, kind } of step.argumentSteps) {
    const text = answers.answers[questionId]?.[0] ?? "";
    let value: unknown = text;
    if (kind === "number") value = readNumber(text);
    else if (kind === "boolean") value = text === BOOLEAN_LABELS[0];
    else if (kind === "json") {
      try {
        value = JSON.parse(text);
      } catch {
        issues.set(questionId, { rule: "schema", detail: "JSON" });
        continue;
      }
    }
    if (value === null && kind === "number") {
      issues.set(questionId, { rule: "number" });
      continue;
    }
    const at = entries.findIndex(([name]) => name === key);
    entries[at] = [key, value];
  }
  // Built from entries, so an argument named `__proto__` stays an own key.
  return issues.size > 0 ? { ok: false, issues } : { ok: true, args: Object.fromEntries(entries) };
}

function sameArgs(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  return JSON.stringify(Object.entries(a)) === JSON.stringify(Object.entries(b));
}

type Decided =
  | { ok: true; decision: ReviewDecision }
  | { ok: false; issues: Map<string, FieldIssue> };

/** The decision one action's answers make, or the rule they break. */
export function decisionOf(
  step: ReviewStep,
  answers: QuestionAnswers,
  words: ReviewWords,
): Decided {
  const { action, decisionId } = step;
  const refuse = (issue: FieldIssue): Decided => ({
    ok: false,
    issues: new Map([[decisionId, issue]]),
  });
  const choice = answers.answers[decisionId]?.[0];
  if (choice === undefined || choice === "") return refuse({ rule: "required" });
  if (choice === words.reject) {
    return action.allowed.includes("reject")
      ? { ok: true, decision: { type: "reject" } }
      : refuse({ rule: "schema", detail: `${action.name}: reject` });
  }
  if (choice !== words.approve) {
    // Typed text: a reply where the middleware takes one, else the reason of a rejection.
    if (action.allowed.includes("respond"))
      return { ok: true, decision: { type: "respond", message: choice } };
    if (action.allowed.includes("reject"))
      return { ok: true, decision: { type: "reject", message: choice } };
    return refuse({ rule: "schema", detail: `${action.name}: reject` });
  }
  const edited = editedArgs(step, answers);
  if (!edited.ok) return edited;
  if (!sameArgs(edited.args, action.args)) {
    return action.allowed.includes("edit")
      ? {
          ok: true,
          decision: { type: "edit", editedAction: { name: action.name, args: edited.args } },
        }
      : refuse({ rule: "schema", detail: `${action.name}: edit` });
  }
  return action.allowed.includes("approve")
    ? { ok: true, decision: { type: "approve" } }
    : refuse({ rule: "schema", detail: `${action.name}: approve` });
}

/** Every action's decision in order, or every rule broken, by question id. */
export function reviewDecisions(
  steps: readonly ReviewStep[],
  answers: QuestionAnswers,
  words: ReviewWords,
): { ok: true; decisions: ReviewDecision[] } | { ok: false; issues: Map<string, FieldIssue> } {
  const decisions: ReviewDecision[] = [];
  const issues = new Map<string, FieldIssue>();
  for (const step of steps) {
    const decided = decisionOf(step, answers, words);
    if (decided.ok) decisions.push(decided.decision);
    else for (const [id, issue] of decided.issues) issues.set(id, issue);
  }
  return issues.size > 0 ? { ok: false, issues } : { ok: true, decisions };
}
