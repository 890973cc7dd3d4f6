import { PROTOCOL_VERSION } from "../protocol/constants";
import type { HelloOk } from "../protocol/types";
import type { ConnectionFailure } from "./types";

/** What a `hello-ok` must offer for the kit to work. */
export type HelloRequirements = { scopes: readonly string[]; methods: readonly string[] };

/** Checks protocol, granted scopes and offered methods; returns the failure or null when usable. */
export function checkHello(
  hello: HelloOk,
  requirements: HelloRequirements,
): ConnectionFailure | null {
  if (hello.protocol !== PROTOCOL_VERSION) {
    return { kind: "protocol-mismatch", protocol: hello.protocol };
  }
  // A browser without a device identity is accepted with scopes [] and fails only later.
  const missingScope = requirements.scopes.find((scope) => !hello.auth.scopes.includes(scope));
  if (missingScope !== undefined) return { kind: "scope-missing", scope: missingScope };
  const offered = new Set(hello.features.methods);
  const missingMethods = requirements.methods.filter((method) => !offered.has(method));
  if (missingMethods.length > 0) return { kind: "method-missing", methods: missingMethods };
  return null;
}
