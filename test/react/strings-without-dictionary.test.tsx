import { render, screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { describe, expect, it } from "vitest";
import type { QuestionRecord } from "../../src/protocol/types";
import { QuestionCard } from "../../src/react/card/question-card";
import { QuestionDock } from "../../src/react/dock/question-dock";
import { ar } from "../../src/react/i18n/ar";
import { de } from "../../src/react/i18n/de";
import { type Dictionary, en } from "../../src/react/i18n/en";
import { ja } from "../../src/react/i18n/ja";
import { QuestionsProvider } from "../../src/react/provider";
import { QuestionBar } from "../../src/react/question-bar";
import { scopeKey } from "../../src/store/scope";
import {
  FIXTURE_AGENT_ID,
  FIXTURE_SESSION_KEY,
  freeTextRecord,
  linkRecord,
  multiSelectRecord,
  secretRecord,
  singleChoiceRecord,
  threeStepRecord,
} from "../../src/testing/fixtures";
import { createFixtureStore } from "../../stories/support/fixture-store";

const SESSION = scopeKey({ sessionKey: FIXTURE_SESSION_KEY, agentId: FIXTURE_AGENT_ID });
const RECORDS: Record<string, QuestionRecord> = {
  "one single-choice question": singleChoiceRecord,
  "a multi-select question": multiSelectRecord,
  "a free-text question": freeTextRecord,
  "three questions": threeStepRecord,
  "a question with a link": linkRecord,
  "a secret": secretRecord,
};
const LOCALES: Array<[string, Dictionary | undefined]> = [
  ["no dictionary passed (a README host)", undefined],
  ["de", de],
  ["ja", ja],
  ["ar", ar],
];

/** Renders `ui` as a README host does: a provider, and a dictionary only when one is given. */
function renderAsHost(
  ui: ReactNode,
  record: QuestionRecord,
  dictionary: Dictionary | undefined,
  expanded = true,
) {
  const { store } = createFixtureStore({
    prompts: [record],
    sessions: { [SESSION]: { activePromptId: null, expanded } },
  });
  const optional = dictionary === undefined ? {} : { dictionary };
  return render(
    <QuestionsProvider
      store={store}
      sessionKey={FIXTURE_SESSION_KEY}
      agentId={FIXTURE_AGENT_ID}
      {...optional}
    >
      {ui}
    </QuestionsProvider>,
  );
}

/** Every control a user can reach, and the panel region, carry a name that is not empty. */
function expectEveryControlNamed(): void {
  const controls = ["button", "radio", "checkbox", "textbox", "region", "group"].flatMap((role) =>
    screen.queryAllByRole(role),
  );
  expect(controls.length).toBeGreaterThan(0);
  for (const control of controls) expect(control).toHaveAccessibleName();
  for (const button of screen.queryAllByRole("button"))
    expect(button.textContent?.trim() || button.getAttribute("aria-label")).toBeTruthy();
}

describe.each(LOCALES)("given %s", (_locale, dictionary) => {
  describe.each(Object.entries(RECORDS))("and %s", (_kind, record) => {
    it("should name the stacked card's region and every control in it, Submit with its text", () => {
      renderAsHost(<QuestionCard />, record, dictionary);
      expectEveryControlNamed();
      const submit = screen.queryByRole("button", { name: (dictionary ?? en).submit });
      if (record !== linkRecord || submit !== null) expect(submit).toHaveTextContent(/\S/);
      expect(screen.getByRole("region", { name: (dictionary ?? en).questionRegion })).toBeVisible();
    });

    it("should name the docked stepper's region and every control in it", () => {
      renderAsHost(<QuestionDock />, record, dictionary);
      expectEveryControlNamed();
      expect(screen.getByRole("region", { name: (dictionary ?? en).questionRegion })).toBeVisible();
    });

    it("should name the collapsed bar and its controls", () => {
      renderAsHost(<QuestionBar />, record, dictionary, false);
      expectEveryControlNamed();
    });
  });
});

describe("given the shipped locales", () => {
  it.each([
    ["de", de],
    ["ja", ja],
    ["ar", ar],
  ])("should give every string a view reads in %s, none empty", (_name, dictionary) => {
    const missing = Object.keys(en).filter((key) => {
      const value = (dictionary as Record<string, unknown>)[key];
      return typeof value !== "string" || value.trim() === "";
    });
    expect(missing).toEqual([]);
  });
});
