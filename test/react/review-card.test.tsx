import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { REVIEW_WORDS_AR } from "../../src/langgraph/review-words";
import {
  type AskUserThread,
  createThreadQuestionSource,
} from "../../src/langgraph/thread-question-source";
import { QuestionCard } from "../../src/react/card/question-card";
import { ar } from "../../src/react/i18n/ar";
import { en } from "../../src/react/i18n/en";
import { QuestionsProvider } from "../../src/react/provider";
import { createQuestionStore } from "../../src/store/create-question-store";
import { createMemoryStorage, settle } from "../store/support/harness";

const THREAD_ID = "thread_1";

const thread: AskUserThread = {
  threadId: THREAD_ID,
  isLoading: false,
  messages: [],
  respond: async () => {},
  interrupts: [
    {
      id: "int_review",
      value: {
        actionRequests: [
          {
            name: "send_email",
            args: { to: "bob@example.com", subject: "Release notes" },
            description: "Tool execution requires approval",
          },
        ],
        reviewConfigs: [
          { actionName: "send_email", allowedDecisions: ["approve", "edit", "reject"] },
        ],
      },
    },
  ],
};

async function renderReviewCard(locale: "en" | "ar") {
  const storage = createMemoryStorage();
  const source = createThreadQuestionSource({
    threadId: THREAD_ID,
    storage,
    ...(locale === "ar" ? { reviewWords: REVIEW_WORDS_AR } : {}),
  });
  const store = createQuestionStore({ api: source, storage, gatewayKey: "langgraph:card" });
  store.getState().start();
  source.update(thread);
  await settle(0);
  render(
    <QuestionsProvider store={store} sessionKey={THREAD_ID} dictionary={locale === "ar" ? ar : en}>
      <QuestionCard />
    </QuestionsProvider>,
  );
}

describe.each(["en", "ar"] as const)(
  "given a tool call under review in the stacked card (%s)",
  (locale) => {
    it("should show each argument's step named once by its argument, with a field holding its value", async () => {
      await renderReviewCard(locale);
      const steps = screen.getAllByRole("group");
      expect(steps).toHaveLength(3);
      const argumentSteps = steps.slice(1).map((step) => {
        const name = step.querySelector("legend bdi")?.textContent ?? "";
        const question = step.closest(".ask-card__question");
        if (!(question instanceof HTMLElement)) throw new Error("no card question around a step");
        return {
          header: within(question).getAllByText(name).length === 1 ? name : "said twice",
          value: (within(step).getByRole("textbox") as HTMLTextAreaElement).value,
        };
      });
      expect(argumentSteps).toEqual([
        { header: "to", value: "bob@example.com" },
        { header: "subject", value: "Release notes" },
      ]);
    });
  },
);
