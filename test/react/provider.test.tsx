import { render, renderHook, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { GatewayClient } from "../../src/gateway/types";
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

function clientAt(url: string): GatewayClient {
  const { client } = createFakeQuestionApi(createManualClock());
  return {
    ...client,
    url,
    request: <Result,>(method: string) =>
      method === "question.list"
        ? Promise.resolve({ questions: [singleChoiceRecord] } as Result)
        : Promise.reject(new Error(`${method} is not available here`)),
  };
}

function renderClientDock(url: string) {
  return render(
    <QuestionsProvider client={clientAt(url)} sessionKey={FIXTURE_SESSION_KEY}>
      <QuestionDock />
    </QuestionsProvider>,
  );
}

describe("given providers built from clients of two gateways on one tab", () => {
  afterEach(() => sessionStorage.clear());

  it("should restore a draft only under the gateway it was typed for", async () => {
    const user = userEvent.setup();
    const first = renderClientDock("wss://first.example/gateway");
    await user.type(
      await screen.findByRole("textbox", { name: "Your own answer for Target" }),
      "Canary",
    );
    first.unmount();

    const other = renderClientDock("wss://second.example/gateway");
    expect(await screen.findByRole("textbox", { name: "Your own answer for Target" })).toHaveValue(
      "",
    );
    other.unmount();

    renderClientDock("wss://first.example/gateway");
    expect(await screen.findByRole("textbox", { name: "Your own answer for Target" })).toHaveValue(
      "Canary",
    );
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
