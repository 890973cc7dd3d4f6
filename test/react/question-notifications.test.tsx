import { act, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { QuestionDock } from "../../src/react/dock/question-dock";
import { useQuestionNotifications } from "../../src/react/use-question-badge";
import { createEntry } from "../../src/store/outcomes";
import { singleChoiceRecord } from "../../src/testing/fixtures";
import { renderWithStore } from "./support";

function NotifyingDock() {
  useQuestionNotifications();
  return <QuestionDock />;
}

class ThrowingNotification {
  static permission = "granted";
  constructor() {
    throw new TypeError("Failed to construct 'Notification': Illegal constructor.");
  }
}

function arrive(store: ReturnType<typeof renderWithStore>["store"]) {
  act(() =>
    store.setState((state) => ({
      prompts: new Map(state.prompts).set(singleChoiceRecord.id, createEntry(singleChoiceRecord)),
      order: [...state.order, singleChoiceRecord.id],
    })),
  );
}

describe("given a hidden page whose browser forbids the Notification constructor", () => {
  beforeEach(() => {
    vi.spyOn(document, "hidden", "get").mockReturnValue(true);
    vi.stubGlobal("Notification", ThrowingNotification);
  });
  afterEach(() => {
    Reflect.deleteProperty(navigator, "serviceWorker");
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it("should still show a question that arrives", () => {
    const { store } = renderWithStore(<NotifyingDock />, { prompts: [] });
    expect(() => arrive(store)).not.toThrow();
    expect(store.getState().order).toEqual([singleChoiceRecord.id]);
    expect(screen.getByRole("group", { name: "Where should I deploy?" })).toBeInTheDocument();
  });

  it("should notify through the service worker registration when the page has one", async () => {
    const showNotification = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, "serviceWorker", {
      configurable: true,
      value: { getRegistration: () => Promise.resolve({ showNotification }) },
    });
    const { store } = renderWithStore(<NotifyingDock />, { prompts: [] });
    arrive(store);
    await vi.waitFor(() =>
      expect(showNotification).toHaveBeenCalledWith("A question is waiting for your answer", {
        body: "Where should I deploy?",
        tag: singleChoiceRecord.id,
      }),
    );
  });
});
