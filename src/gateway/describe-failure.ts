import type { ConnectionFailure } from "./types";

/** A failure in plain English: what happened and what to do. */
export type FailureDescription = { title: string; action: string };

/** Default English text for a connection failure; a UI may translate by `failure.kind` instead. */
export function describeConnectionFailure(failure: ConnectionFailure): FailureDescription {
  switch (failure.kind) {
    case "origin-not-allowed":
      return {
        title: `The gateway does not accept this page's origin${failure.origin ? ` (${failure.origin})` : ""}.`,
        action: `Add it to ${failure.configKey}: ${failure.command}`,
      };
    case "device-identity-required":
      return {
        title: "The gateway requires a device identity from this browser.",
        action: "Open this page over https or from http://localhost / http://127.0.0.1.",
      };
    case "token-missing":
      return {
        title: "The gateway needs its access token.",
        action: "Enter the gateway token (gateway.auth.token).",
      };
    case "token-mismatch":
      return {
        title: "The gateway rejected the token.",
        action: "Check the gateway token (gateway.auth.token) and enter it again.",
      };
    case "device-token-mismatch":
      return {
        title: "This browser's saved device token is no longer valid.",
        action: "Enter the gateway token again to pair this browser anew.",
      };
    case "pairing-required":
      return {
        title: "This browser is waiting for pairing approval.",
        action: failure.command
          ? `Approve it on the gateway host: ${failure.command}`
          : "Approve the pending device request on the gateway host (openclaw devices list).",
      };
    case "scope-missing":
      return {
        title: `The connection lacks the ${failure.scope} scope.`,
        action: "Connect with a paired device identity, or approve the scope for this device.",
      };
    case "method-missing":
      return {
        title: `The gateway does not offer ${failure.methods.join(", ")}.`,
        action: "Update the gateway to a release with question support (protocol 4).",
      };
    case "protocol-mismatch":
      return {
        title: "The gateway speaks a different protocol version.",
        action: "Use a gateway that supports protocol 4.",
      };
    case "signature-invalid":
      return {
        title: "The gateway rejected this browser's device signature.",
        action: "Reload the page; if it persists, clear this site's data to create a new identity.",
      };
    case "device-storage-unavailable":
      return {
        title: "This browser could not keep its device identity.",
        action:
          "Site storage (IndexedDB) is blocked or failing, as in private browsing. Open the page in a normal window or allow site data, then reload.",
      };
    case "other":
      return {
        title: `The gateway refused the connection (${failure.code}).`,
        action: failure.message,
      };
    default:
      return failure satisfies never;
  }
}
