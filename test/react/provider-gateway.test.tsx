import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { StrictMode, useState } from "react";
import { describe, expect, it } from "vitest";
import type { SocketFactory } from "../../src/gateway/types";
import { GatewayQuestionsProvider } from "../../src/react/gateway-provider";
import { de } from "../../src/react/i18n/de";
import { useDictionary } from "../../src/react/i18n/use-dictionary";
import { FIXTURE_SESSION_KEY } from "../../src/testing/fixtures";
import { createManualClock, type ManualClock } from "../../src/testing/manual-clock";
import { createFakeSocketFactory } from "../gateway/fake-socket";

const FIRST_URL = "ws://first.example:18789";
const SECOND_URL = "ws://second.example:18789";

function PressCounter() {
  const [presses, setPresses] = useState(0);
  return (
    <button type="button" onClick={() => setPresses((count) => count + 1)}>
      Pressed {presses} times
    </button>
  );
}

function SubmitLabel() {
  return <p>{useDictionary().submit}</p>;
}

type PageProps = {
  url: string;
  token?: string;
  scopes?: string[];
  socketFactory: SocketFactory;
  clock: ManualClock;
};

// The gateway object is written inline on purpose: a new object each render, as hosts write it.
function Page({ url, token = "shared-token", scopes, socketFactory, clock }: PageProps) {
  return (
    <GatewayQuestionsProvider
      gateway={{
        url,
        token,
        socketFactory,
        clock,
        device: null,
        deviceTokenStore: null,
        ...(scopes === undefined ? {} : { scopes }),
      }}
      sessionKey={FIXTURE_SESSION_KEY}
      dictionary={de}
      messages={{ submit: "Abschicken" }}
    >
      <PressCounter />
      <SubmitLabel />
    </GatewayQuestionsProvider>
  );
}

const isClosed = (socket: { closedByClient: unknown }) => socket.closedByClient !== null;

describe("given a gateway provider whose gateway settings change", () => {
  it("should close the old client, connect a new one and keep its children", async () => {
    const user = userEvent.setup();
    const clock = createManualClock();
    const sockets = createFakeSocketFactory();
    const view = render(<Page url={FIRST_URL} socketFactory={sockets.factory} clock={clock} />);
    expect(sockets.sockets.map((socket) => socket.url)).toEqual([FIRST_URL]);
    await user.click(screen.getByRole("button", { name: "Pressed 0 times" }));

    view.rerender(<Page url={SECOND_URL} socketFactory={sockets.factory} clock={clock} />);

    expect(sockets.sockets.map((socket) => socket.url)).toEqual([FIRST_URL, SECOND_URL]);
    expect(sockets.sockets.map(isClosed)).toEqual([true, false]);
    expect(screen.getByRole("button", { name: "Pressed 1 times" })).toBeInTheDocument();
  });

  it("should reconnect for a new token as for a new URL", () => {
    const clock = createManualClock();
    const sockets = createFakeSocketFactory();
    const view = render(<Page url={FIRST_URL} socketFactory={sockets.factory} clock={clock} />);

    view.rerender(
      <Page url={FIRST_URL} token="other-token" socketFactory={sockets.factory} clock={clock} />,
    );

    expect(sockets.sockets.map(isClosed)).toEqual([true, false]);
  });

  it("should close its client on unmount", () => {
    const clock = createManualClock();
    const sockets = createFakeSocketFactory();
    const view = render(<Page url={FIRST_URL} socketFactory={sockets.factory} clock={clock} />);

    view.unmount();

    expect(sockets.sockets.map(isClosed)).toEqual([true]);
  });
});

describe("given a gateway provider rendered again with equal settings", () => {
  it("should keep its connection for an equal inline object, scopes included", () => {
    const clock = createManualClock();
    const sockets = createFakeSocketFactory();
    const scopes = () => ["operator.read", "operator.questions"];
    const view = render(
      <Page url={FIRST_URL} scopes={scopes()} socketFactory={sockets.factory} clock={clock} />,
    );

    view.rerender(
      <Page url={FIRST_URL} scopes={scopes()} socketFactory={sockets.factory} clock={clock} />,
    );
    view.rerender(
      <Page url={FIRST_URL} scopes={scopes()} socketFactory={sockets.factory} clock={clock} />,
    );

    expect(sockets.sockets).toHaveLength(1);
    expect(sockets.sockets.map(isClosed)).toEqual([false]);
  });

  it("should hand its messages on to the parts below", () => {
    const clock = createManualClock();
    const sockets = createFakeSocketFactory();
    render(<Page url={FIRST_URL} socketFactory={sockets.factory} clock={clock} />);

    expect(screen.getByText("Abschicken")).toBeInTheDocument();
  });
});

describe("given a gateway provider in StrictMode", () => {
  it("should leave exactly one socket open while mounted and none after unmount", () => {
    const clock = createManualClock();
    const sockets = createFakeSocketFactory();
    const page = (url: string) => (
      <StrictMode>
        <Page url={url} socketFactory={sockets.factory} clock={clock} />
      </StrictMode>
    );
    const view = render(page(FIRST_URL));
    expect(sockets.sockets.filter((socket) => !isClosed(socket))).toHaveLength(1);

    view.rerender(page(SECOND_URL));
    const open = sockets.sockets.filter((socket) => !isClosed(socket));
    expect(open.map((socket) => socket.url)).toEqual([SECOND_URL]);

    view.unmount();
    expect(sockets.sockets.every(isClosed)).toBe(true);
  });
});
