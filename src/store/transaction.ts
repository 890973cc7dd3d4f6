import { MAX_DIAGNOSTICS, MAX_ORPHAN_RESOLUTIONS } from "./constants";
import type {
  OrphanResolution,
  PromptDraft,
  PromptEntry,
  QuestionStoreState,
  SessionView,
} from "./types";

type KeyedContainer = "prompts" | "drafts" | "sessions" | "orphanResolutions";
type OwnedContainer = KeyedContainer | "order";
// The state exposes read-only maps; only the batch's own copies are written.
type MutableContainers = {
  prompts: Map<string, PromptEntry>;
  drafts: Map<string, PromptDraft>;
  sessions: Map<string, SessionView>;
  orphanResolutions: Map<string, OrphanResolution>;
};

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
    return this.state.prompts.get(id);
  }

  draft(id: string): PromptDraft | undefined {
    return this.state.drafts.get(id);
  }

  setPrompt(entry: PromptEntry): void {
    if (!this.state.prompts.has(entry.id)) this.ownedOrder().push(entry.id);
    this.ownedPrompts().set(entry.id, entry);
  }

  /** Puts `entry` in the place (order of arrival) of the prompt `id`, under the entry's own id. */
  replacePrompt(id: string, entry: PromptEntry): void {
    if (!this.state.prompts.has(id)) return;
    const prompts = this.ownedPrompts();
    prompts.delete(id);
    prompts.set(entry.id, entry);
    const order = this.ownedOrder();
    order.splice(order.indexOf(id), 1, entry.id);
  }

  removePrompt(id: string): void {
    if (!this.state.prompts.has(id)) return;
    this.ownedPrompts().delete(id);
    const order = this.ownedOrder();
    const index = order.indexOf(id);
    if (index >= 0) order.splice(index, 1);
  }

  setDraft(id: string, draft: PromptDraft | null): void {
    if (draft === null) {
      if (!this.state.drafts.has(id)) return;
      this.ownMap("drafts").delete(id);
      return;
    }
    this.ownMap("drafts").set(id, draft);
  }

  setSession(key: string, view: SessionView): void {
    this.ownMap("sessions").set(key, view);
  }

  setOrphan(id: string, orphan: OrphanResolution | null): void {
    if (orphan === null) {
      if (!this.state.orphanResolutions.has(id)) return;
      this.ownMap("orphanResolutions").delete(id);
      return;
    }
    const orphans = this.ownMap("orphanResolutions");
    orphans.delete(id);
    orphans.set(id, orphan);
    // Oldest first: a flood of stray events keeps only the newest.
    for (const oldest of orphans.keys()) {
      if (orphans.size <= MAX_ORPHAN_RESOLUTIONS) break;
      orphans.delete(oldest);
    }
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

  private ownedPrompts(): Map<string, PromptEntry> {
    return this.ownMap("prompts");
  }

  private ownedOrder(): string[] {
    if (!this.owned.has("order")) {
      this.owned.add("order");
      this.state.order = this.state.order.slice();
    }
    return this.state.order;
  }

  /** The batch's own copy of a keyed collection, made on its first write. */
  private ownMap<Key extends KeyedContainer>(container: Key): MutableContainers[Key] {
    const state = this.state as unknown as MutableContainers;
    if (!this.owned.has(container)) {
      this.owned.add(container);
      const copy = new Map<string, unknown>(state[container] as ReadonlyMap<string, unknown>);
      (state as Record<KeyedContainer, unknown>)[container] = copy;
    }
    return state[container];
  }
}
