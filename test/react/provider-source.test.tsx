import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { type ReactNode, StrictMode, useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { createQuestionApi } from "../../src/gateway/question-api";
import type { GatewayClient, GatewayClientEvent } from "../../src/gateway/types";
import type { QuestionRecord } from "../../src/protocol/types";
import { QuestionDock } from "../../src/react/dock/question-dock";
import { QuestionsProvider, type QuestionsSource } from "../../src/react/provider";
import { createQuestionStore } from "../../src/store/index";
import {
  FIXTURE_SESSION_KEY,
  multiSelectRecord,
  singleChoiceRecord,
} from "../../src/testing/fixtures";
import { createManualClock } from "../../src/testing/manual-clock";
import { createFakeQuestionApi } from "../../stories/support/fixture-store";

type CountingClient = GatewayClient & {
  /** Listeners subscribed now: a running store holds some, a stopped one none. */
  listenerCount(): number;
  requests: string[];
};

function countingClient(url: string, records: QuestionRecord[]): CountingClient {
  const { client } = createFakeQuestionApi(createManualClock());
  const listeners = new Set<(event: GatewayClientEvent) => void>();
  const requests: string[] = [];
  return {
    ...client,
    url,
    requests,
    listenerCount: () => listeners.size,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    request: <Result,>(method: string) => {
      requests.push(method);
      return method === "question.list"
        ? Promise.resolve({ questions: records } as Result)
        : Promise.reject(new Error(`${method} is not available here`));
    },
  };
}

function PressCounter() {
  const [presses, setPresses] = useState(0);
  return (
    <button type="button" onClick={() => setPresses((count) => count + 1)}>
      Pressed {presses} times
    </button>
  );
}

function Page({ source, children }: { source: QuestionsSource; children?: ReactNode }) {
  return (
    <QuestionsProvider {...source} sessionKey={FIXTURE_SESSION_KEY}>
      <PressCounter />
      <QuestionDock />
      {children}
    </QuestionsProvider>
  );
}

const FIRST_QUESTION = { name: "Where should I deploy?" };
const SECOND_QUESTION = { name: "Which checks should run before deploying?" };

describe("given a provider given a new client", () => {
  afterEach(() => sessionStorage.clear());

  it("should follow it: the old store released, the new questions shown, children kept", async () => {
    const user = userEvent.setup();
    const first = countingClient("wss://first.example/gateway", [singleChoiceRecord]);
    const second = countingClient("wss://second.example/gateway", [multiSelectRecord]);
    const view = render(<Page source={{ client: first }} />);
    expect(await screen.findByRole("group", FIRST_QUESTION)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Pressed 0 times" }));
    const firstRequests = first.requests.length;

    view.rerender(<Page source={{ client: second }} />);

    expect(await screen.findByRole("group", SECOND_QUESTION)).toBeInTheDocument();
    expect(screen.queryByRole("group", FIRST_QUESTION)).not.toBeInTheDocument();
    expect(first.listenerCount()).toBe(0);
    expect(first.requests).toHaveLength(firstRequests);
    expect(second.listenerCount()).toBeGreaterThan(0);
    expect(screen.getByRole("button", { name: "Pressed 1 times" })).toBeInTheDocument();

    view.unmount();
    expect(second.listenerCount()).toBe(0);
  });

  it("should keep its store when the same client comes again in a new render", async () => {
    const client = countingClient("wss://first.example/gateway", [singleChoiceRecord]);
    const view = render(<Page source={{ client }} />);
    expect(await screen.findByRole("group", FIRST_QUESTION)).toBeInTheDocument();
    const requests = client.requests.length;

    view.rerender(<Page source={{ client }} />);

    expect(screen.getByRole("group", FIRST_QUESTION)).toBeInTheDocument();
    expect(client.requests).toHaveLength(requests);
  });

  it("should follow a new question API as it follows a client", async () => {
    const first = createFakeQuestionApi(createManualClock(), [singleChoiceRecord]);
    const second = createFakeQuestionApi(createManualClock(), [multiSelectRecord]);
    const view = render(
      <QuestionsProvider api={first} sessionKey={FIXTURE_SESSION_KEY} gatewayKey="first">
        <QuestionDock />
      </QuestionsProvider>,
    );
    expect(await screen.findByRole("group", FIRST_QUESTION)).toBeInTheDocument();

    view.rerender(
      <QuestionsProvider api={second} sessionKey={FIXTURE_SESSION_KEY} gatewayKey="second">
        <QuestionDock />
      </QuestionsProvider>,
    );

    expect(await screen.findByRole("group", SECOND_QUESTION)).toBeInTheDocument();
    expect(screen.queryByRole("group", FIRST_QUESTION)).not.toBeInTheDocument();
  });
});

describe("given a provider in StrictMode", () => {
  afterEach(() => sessionStorage.clear());

  it("should hold one subscription per client and release all of them on change and unmount", async () => {
    const reference = countingClient("wss://reference.example/gateway", [singleChoiceRecord]);
    const plain = render(<Page source={{ client: reference }} />);
    expect(await screen.findByRole("group", FIRST_QUESTION)).toBeInTheDocument();
    const subscriptionsOfOneStore = reference.listenerCount();
    plain.unmount();
    sessionStorage.clear();

    const first = countingClient("wss://first.example/gateway", [singleChoiceRecord]);
    const second = countingClient("wss://second.example/gateway", [multiSelectRecord]);
    const view = render(
      <StrictMode>
        <Page source={{ client: first }} />
      </StrictMode>,
    );
    expect(await screen.findByRole("group", FIRST_QUESTION)).toBeInTheDocument();
    expect(first.listenerCount()).toBe(subscriptionsOfOneStore);

    view.rerender(
      <StrictMode>
        <Page source={{ client: second }} />
      </StrictMode>,
    );
    expect(await screen.findByRole("group", SECOND_QUESTION)).toBeInTheDocument();
    expect(first.listenerCount()).toBe(0);
    expect(second.listenerCount()).toBe(subscriptionsOfOneStore);

    view.unmount();
    expect(second.listenerCount()).toBe(0);
  });
});

describe("given a host's own store", () => {
  afterEach(() => sessionStorage.clear());

  it("should never stop it, neither when the provider moves to another source nor on unmount", async () => {
    const hostClient = countingClient("wss://host.example/gateway", [singleChoiceRecord]);
    const hostStore = createQuestionStore({
      api: createQuestionApi(hostClient),
      gatewayKey: "host",
    });
    hostStore.getState().start();
    const running = hostClient.listenerCount();
    const other = countingClient("wss://other.example/gateway", [multiSelectRecord]);

    const view = render(<Page source={{ store: hostStore }} />);
    expect(await screen.findByRole("group", FIRST_QUESTION)).toBeInTheDocument();
    view.rerender(<Page source={{ client: other }} />);
    expect(await screen.findByRole("group", SECOND_QUESTION)).toBeInTheDocument();
    expect(hostClient.listenerCount()).toBe(running);

    view.rerender(<Page source={{ store: hostStore }} />);
    expect(await screen.findByRole("group", FIRST_QUESTION)).toBeInTheDocument();
    expect(other.listenerCount()).toBe(0);
    view.unmount();
    expect(hostClient.listenerCount()).toBe(running);

    hostStore.getState().stop();
    expect(hostClient.listenerCount()).toBe(0);
  });
});
