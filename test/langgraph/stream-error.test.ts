import { describe, expect, it } from "vitest";
import { describeStreamError } from "../../src/langgraph/stream-error";
import { STREAM_ERROR_WORDS_DE } from "../../src/langgraph/stream-error-words";

/** An error as the LangGraph client makes it. */
function clientError(name: string, message: string, extra: Record<string, unknown> = {}): Error {
  const error = new Error(message);
  error.name = name;
  return Object.assign(error, extra);
}

describe("given useStream's error", () => {
  it("should say nothing when there is none", () => {
    expect(describeStreamError(undefined)).toBeNull();
  });

  it("should say the server can't be reached for a refused connection, keeping the client's words as the reason", () => {
    const refused = clientError(
      "ConnectionError",
      "Unable to connect to LangGraph server. Please ensure the server is running and accessible. Original error: Failed to fetch",
    );
    const described = describeStreamError(refused);
    expect(described?.kind).toBe("unreachable");
    expect(described?.message).toMatch(/can't reach the agent's server/i);
    expect(described?.reason).toContain("Failed to fetch");
    expect(describeStreamError(new TypeError("Failed to fetch"))?.kind).toBe("unreachable");
  });

  it("should say a thread the server does not have is not there", () => {
    const missing = clientError("HTTPError", "HTTP 404: Thread not found", { status: 404 });
    expect(describeStreamError(missing)?.kind).toBe("not-found");
  });

  it("should quote any other error as it is, in the words given", () => {
    const failed = describeStreamError(new Error("tool exploded: $& $1"), STREAM_ERROR_WORDS_DE);
    expect(failed).toEqual({
      kind: "failed",
      message: "Der Agent wurde mit einem Fehler beendet: tool exploded: $& $1",
      reason: "tool exploded: $& $1",
    });
  });
});
