import { render, screen } from "@testing-library/react";
import { memo, type ReactNode } from "react";
import { describe, expect, it } from "vitest";
import { QuestionDock } from "../../src/react/dock/question-dock";
import { de } from "../../src/react/i18n/de";
import type { Dictionary } from "../../src/react/i18n/en";
import { useDictionary } from "../../src/react/i18n/use-dictionary";
import { QuestionsProvider } from "../../src/react/provider";
import {
  FIXTURE_AGENT_ID,
  FIXTURE_SESSION_KEY,
  singleChoiceRecord,
} from "../../src/testing/fixtures";
import { createFixtureStore } from "../../stories/support/fixture-store";

const SubmitLabel = memo(function SubmitLabel({ onRender }: { onRender(text: string): void }) {
  const { submit } = useDictionary();
  onRender(submit);
  return <p>{submit}</p>;
});

function renderGerman(ui: ReactNode, messages: Partial<Dictionary>) {
  const { store } = createFixtureStore({ prompts: [singleChoiceRecord] });
  const page = (next: Partial<Dictionary>) => (
    <QuestionsProvider
      store={store}
      sessionKey={FIXTURE_SESSION_KEY}
      agentId={FIXTURE_AGENT_ID}
      dictionary={de}
      messages={next}
    >
      {ui}
    </QuestionsProvider>
  );
  const view = render(page(messages));
  return { ...view, rerenderWith: (next: Partial<Dictionary>) => view.rerender(page(next)) };
}

describe("given German strings with Submit overridden", () => {
  it("should show the override and keep every other string German", () => {
    renderGerman(<QuestionDock />, { submit: "Abschicken" });

    expect(screen.getByRole("button", { name: "Abschicken" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: de.submit })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: de.skip })).toBeInTheDocument();
    expect(screen.getByRole("region", { name: de.questionRegion })).toBeInTheDocument();
  });

  it("should show a changed override", () => {
    const view = renderGerman(<QuestionDock />, { submit: "Abschicken" });

    view.rerenderWith({ submit: "Senden" });

    expect(screen.getByRole("button", { name: "Senden" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Abschicken" })).not.toBeInTheDocument();
  });
});

describe("given the same overrides in a new object each render", () => {
  it("should not render the parts that read the strings again", () => {
    const rendered: string[] = [];
    const view = renderGerman(<SubmitLabel onRender={(text) => rendered.push(text)} />, {
      submit: "Abschicken",
    });

    view.rerenderWith({ submit: "Abschicken" });
    view.rerenderWith({ submit: "Abschicken" });

    expect(rendered).toEqual(["Abschicken"]);
    view.rerenderWith({ submit: "Senden" });
    expect(rendered).toEqual(["Abschicken", "Senden"]);
  });
});
