import { IssueCollector } from "./parse-support";
import type { HelloOk, ParseResult } from "./types";

function readSection(
  value: unknown,
  path: string,
  issues: IssueCollector,
): Record<string, unknown> {
  return issues.requireRecord(value, path) ? value : {};
}

/** Parses the `hello-ok` payload of a successful connect. */
export function parseHelloOk(payload: unknown): ParseResult<HelloOk> {
  const issues = new IssueCollector();
  if (!issues.requireRecord(payload, "")) return { ok: false, issues: issues.issues };
  if (payload.type !== "hello-ok") issues.add("type", "must be 'hello-ok'");
  const protocol = issues.requireInteger(payload.protocol, "protocol", 1);
  const server = readSection(payload.server, "server", issues);
  const version = issues.requireString(server.version, "server.version", { nonEmpty: true });
  const connId = issues.requireString(server.connId, "server.connId", { nonEmpty: true });
  const features = readSection(payload.features, "features", issues);
  const methods = issues.requireStringArray(features.methods, "features.methods");
  const events = issues.requireStringArray(features.events, "features.events");
  const capabilities =
    features.capabilities === undefined
      ? undefined
      : issues.requireStringArray(features.capabilities, "features.capabilities");
  const auth = readSection(payload.auth, "auth", issues);
  const method = issues.optionalString(auth.method, "auth.method");
  const role = issues.requireString(auth.role, "auth.role", { nonEmpty: true });
  const scopes = issues.requireStringArray(auth.scopes, "auth.scopes");
  const deviceToken = issues.optionalString(auth.deviceToken, "auth.deviceToken", {
    nonEmpty: true,
  });
  const issuedAtMs =
    auth.issuedAtMs === undefined
      ? undefined
      : issues.requireInteger(auth.issuedAtMs, "auth.issuedAtMs", 0);
  const policy = readSection(payload.policy, "policy", issues);
  const maxPayload = issues.requireInteger(policy.maxPayload, "policy.maxPayload", 1);
  const maxBufferedBytes = issues.requireInteger(
    policy.maxBufferedBytes,
    "policy.maxBufferedBytes",
    1,
  );
  const tickIntervalMs = issues.requireInteger(policy.tickIntervalMs, "policy.tickIntervalMs", 1);
  if (
    !issues.isEmpty ||
    protocol === null ||
    version === null ||
    connId === null ||
    methods === null ||
    events === null ||
    capabilities === null ||
    role === null ||
    scopes === null ||
    issuedAtMs === null ||
    maxPayload === null ||
    maxBufferedBytes === null ||
    tickIntervalMs === null
  ) {
    return { ok: false, issues: issues.issues };
  }
  return {
    ok: true,
    value: {
      type: "hello-ok",
      protocol,
      server: { ...server, version, connId },
      features: { methods, events, ...(capabilities === undefined ? {} : { capabilities }) },
      ...("snapshot" in payload ? { snapshot: payload.snapshot } : {}),
      auth: {
        ...(method === undefined ? {} : { method }),
        role,
        scopes,
        ...(deviceToken === undefined ? {} : { deviceToken }),
        ...(issuedAtMs === undefined ? {} : { issuedAtMs }),
      },
      policy: { maxPayload, maxBufferedBytes, tickIntervalMs },
    },
  };
}
