import type { GatewayErrorShape } from "../protocol/types";

/** Error codes of the gateway's response frames that the mock produces. */
export const MOCK_ERROR_CODES = {
  invalidRequest: "INVALID_REQUEST",
  forbidden: "FORBIDDEN",
  notPaired: "NOT_PAIRED",
} as const;

/** Builds an error shape; `details` only when given. */
export function errorShape(
  code: string,
  message: string,
  details?: Record<string, unknown>,
): GatewayErrorShape {
  return details === undefined ? { code, message } : { code, message, details };
}

/** A question-manager failure carrying its `details.reason`. */
export class QuestionFailure extends Error {
  readonly reason: string;
  constructor(reason: string, message: string) {
    super(message);
    this.name = "QuestionFailure";
    this.reason = reason;
  }
  /** The wire shape of this failure. */
  toShape(): GatewayErrorShape {
    return errorShape(MOCK_ERROR_CODES.invalidRequest, this.message, { reason: this.reason });
  }
}

/** The error a caller without a scope gets for a method. */
export function missingScope(scope: string): GatewayErrorShape {
  return errorShape(MOCK_ERROR_CODES.forbidden, `missing scope: ${scope}`, {
    code: "MISSING_SCOPE",
    missingScope: scope,
    requiredScopes: [scope],
  });
}

/** Schema failure of a method's params (no `details`, like the real gateway). */
export function invalidParams(method: string, issue: string): GatewayErrorShape {
  return errorShape(MOCK_ERROR_CODES.invalidRequest, `invalid ${method} params: ${issue}`);
}
