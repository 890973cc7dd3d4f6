import { MAX_DIAGNOSTICS } from "./constants";
import type { PromptDraft, PromptEntry, QuestionStoreState, SessionView } from "./types";

type OwnedContainer = "prompts" | "order" | "drafts" | "sessions" | "orphanResolutions";

/**
 * A working copy of the state for one batch of actions. Each container is copied at most once
 * per batch (on its first write), so a batch of k actions over n prompts costs O(n + k), and the
 * state passed in is never mutated.
 */
export class StateTransaction<State extends QuestionStoreState> {
  readonly state: State;
  private readonly owned = new Set<OwnedContainer>();
  private readonly addedDiagnostics: string[] = [];

  constructor(base: State) {
    this.state = { ...base };
  }

  prompt(id: string): PromptEntry | undefined {
    return this.state.prompts[id];
  }

  draft(id: string): PromptDraft | undefined {
    return this.state.drafts[id];
  }

  setPrompt(entry: PromptEntry): void {
    if (this.state.prompts[entry.id] === undefined) this.ownedOrder().push(entry.id);
    this.ownedPrompts()[entry.id] = entry;
  }

  removePrompt(id: string): void {
    if (this.state.prompts[id] === undefined) return;
    delete this.ownedPrompts()[id];
    const order = this.ownedOrder();
    const index = order.indexOf(id);
    if (index >= 0) order.splice(index, 1);
  }

  setDraft(id: string, draft: PromptDraft | null): void {
    if (draft === null) {
      if (this.state.drafts[id] === undefined) return;
      delete this.own("drafts").drafts[id];
      return;
    }
    this.own("drafts").drafts[id] = draft;
  }

  setSession(key: string, view: SessionView): void {
    this.own("sessions").sessions[key] = view;
  }

  setOrphan(id: string, event: unknown | null): void {
    if (event === null) {
      if (!(id in this.state.orphanResolutions)) return;
      delete this.own("orphanResolutions").orphanResolutions[id];
      return;
    }
    this.own("orphanResolutions").orphanResolutions[id] = event;
  }

  diagnose(message: string): void {
    this.addedDiagnostics.push(message);
  }

  /** The new state; the transaction must not be used afterwards. */
  finish(): State {
    if (this.addedDiagnostics.length > 0) {
      this.state.diagnostics = [...this.state.diagnostics, ...this.addedDiagnostics].slice(
        -MAX_DIAGNOSTICS,
      );
    }
    return this.state;
  }

  private ownedPrompts(): Record<string, PromptEntry> {
    return this.own("prompts").prompts;
  }

  private ownedOrder(): string[] {
    return this.own("order").order;
  }

  private own(container: OwnedContainer): State {
    if (this.owned.has(container)) return this.state;
    this.owned.add(container);
    switch (container) {
      case "prompts":
        this.state.prompts = { ...this.state.prompts };
        break;
      case "order":
        this.state.order = this.state.order.slice();
        break;
      case "drafts":
        this.state.drafts = { ...this.state.drafts };
        break;
      case "sessions":
        this.state.sessions = { ...this.state.sessions };
        break;
      case "orphanResolutions":
        this.state.orphanResolutions = { ...this.state.orphanResolutions };
        break;
      default:
        return container satisfies never;
    }
    return this.state;
  }
}
