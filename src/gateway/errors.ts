import type { GatewayErrorShape, QuestionErrorReason } from "../protocol/types";

function readReason(details: Record<string, unknown> | undefined): string | null {
  const reason = details?.reason ?? details?.code;
  return typeof reason === "string" ? reason : null;
}

/** A request the gateway answered with `ok: false`; `reason` is `details.reason` (else `details.code`). */
export class GatewayRequestError extends Error {
  readonly code: string;
  readonly reason: string | null;
  readonly details: Record<string, unknown>;
  readonly method: string;
  readonly retryable: boolean;
  readonly retryAfterMs: number | null;

  constructor(method: string, error: GatewayErrorShape) {
    super(error.message);
    this.name = "GatewayRequestError";
    this.code = error.code;
    this.reason = readReason(error.details);
    this.details = error.details ?? {};
    this.method = method;
    this.retryable = error.retryable === true;
    this.retryAfterMs = error.retryAfterMs ?? null;
  }
}

/** A request whose socket closed before its response arrived: the outcome is unknown. */
export class GatewayDisconnectedError extends Error {
  readonly method: string;

  constructor(method: string, message = "the gateway connection closed before the response") {
    super(message);
    this.name = "GatewayDisconnectedError";
    this.method = method;
  }
}

/** A request with no response within its timeout: the outcome is unknown. */
export class GatewayTimeoutError extends Error {
  readonly method: string;
  readonly timeoutMs: number;

  constructor(method: string, timeoutMs: number) {
    super(`${method} got no response within ${timeoutMs} ms`);
    this.name = "GatewayTimeoutError";
    this.method = method;
    this.timeoutMs = timeoutMs;
  }
}

/** A response whose payload does not have the documented shape: what the gateway did is unknown. */
export class GatewayInvalidResponseError extends Error {
  readonly method: string;

  constructor(method: string, detail: string) {
    super(`${method} returned a malformed response: ${detail}`);
    this.name = "GatewayInvalidResponseError";
    this.method = method;
  }
}

/** True when `error` is a question method error with this `details.reason`. */
export function isQuestionError(
  error: unknown,
  reason: QuestionErrorReason,
): error is GatewayRequestError {
  return error instanceof GatewayRequestError && error.reason === reason;
}

/** True when the outcome of a request is unknown (lost or unreadable response), not a rejection. */
export function isOutcomeUnknownError(
  error: unknown,
): error is GatewayDisconnectedError | GatewayTimeoutError | GatewayInvalidResponseError {
  return (
    error instanceof GatewayDisconnectedError ||
    error instanceof GatewayTimeoutError ||
    error instanceof GatewayInvalidResponseError
  );
}

/** The device identity could not be loaded or saved (storage blocked or failing): connecting cannot go on. */
export class DeviceStorageError extends Error {
  constructor(message: string, cause?: unknown) {
    super(cause instanceof Error ? `${message}: ${cause.message}` : message);
    this.name = "DeviceStorageError";
  }
}
