import { render, renderHook, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { QuestionDock } from "../../src/react/dock/question-dock";
import { ar } from "../../src/react/i18n/ar";
import { de } from "../../src/react/i18n/de";
import { en } from "../../src/react/i18n/en";
import { ja } from "../../src/react/i18n/ja";
import { QuestionsProvider } from "../../src/react/provider";
import { useQuestionStore } from "../../src/react/use-question-store";
import { FIXTURE_SESSION_KEY, singleChoiceRecord } from "../../src/testing/fixtures";
import { createManualClock } from "../../src/testing/manual-clock";
import { createFakeQuestionApi } from "../../stories/support/fixture-store";
import { renderWithStore } from "./support";

describe("given a hook outside the provider", () => {
  it("should throw a clear error", () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    expect(() => renderHook(() => useQuestionStore((state) => state.order))).toThrow(
      /inside <QuestionsProvider>/,
    );
  });
});

describe("given a provider built from a question API", () => {
  it("should start its store in an effect and stop it on unmount", async () => {
    const api = createFakeQuestionApi(createManualClock(), [singleChoiceRecord]);
    const list = vi.spyOn(api, "list");
    const view = render(
      <QuestionsProvider api={api} sessionKey={FIXTURE_SESSION_KEY} gatewayKey="test">
        <QuestionDock />
      </QuestionsProvider>,
    );
    expect(
      await screen.findByRole("group", { name: "Where should I deploy?" }),
    ).toBeInTheDocument();
    expect(list).toHaveBeenCalled();
    view.unmount();
  });

  it("should leave the connection of a host's client to the host", () => {
    const api = createFakeQuestionApi(createManualClock());
    const connect = vi.spyOn(api.client, "connect");
    const close = vi.spyOn(api.client, "close");
    const view = render(
      <QuestionsProvider client={api.client} sessionKey={FIXTURE_SESSION_KEY}>
        <p>host</p>
      </QuestionsProvider>,
    );
    view.unmount();
    expect(connect).not.toHaveBeenCalled();
    expect(close).not.toHaveBeenCalled();
  });
});

describe("given the dictionaries", () => {
  it.each([
    ["de", de],
    ["ja", ja],
    ["ar", ar],
  ])("should give %s every English key", (_locale, dictionary) => {
    expect(Object.keys(dictionary).sort()).toEqual(Object.keys(en).sort());
  });

  it("should render Arabic right to left with Arabic strings", () => {
    renderWithStore(<QuestionDock />, { prompts: [singleChoiceRecord] }, ar);
    const region = screen.getByRole("region", { name: ar.questionRegion });
    expect(region).toHaveAttribute("dir", "rtl");
    expect(screen.getByRole("button", { name: ar.skip })).toBeInTheDocument();
  });
});
