/** Fields signed by a device in the v3 connect proof. */
export type DeviceAuthPayloadFields = {
  deviceId: string;
  clientId: string;
  clientMode: string;
  role: string;
  scopes: readonly string[];
  signedAtMs: number;
  token: string | null;
  nonce: string;
  platform: string | undefined;
  deviceFamily: string | undefined;
};

// The gateway trims platform and deviceFamily and lower-cases ASCII A-Z only (not Unicode).
function normalizeDeviceMetadata(value: string | undefined): string {
  const trimmed = (value ?? "").trim();
  return trimmed.replace(/[A-Z]/g, (letter) => letter.toLowerCase());
}

/** The exact v3 string a device signs: `v3|id|client|mode|role|scopes|signedAt|token|nonce|platform|family`. */
export function buildDeviceAuthPayload(fields: DeviceAuthPayloadFields): string {
  return [
    "v3",
    fields.deviceId,
    fields.clientId,
    fields.clientMode,
    fields.role,
    fields.scopes.join(","),
    String(fields.signedAtMs),
    fields.token ?? "",
    fields.nonce,
    normalizeDeviceMetadata(fields.platform),
    normalizeDeviceMetadata(fields.deviceFamily),
  ].join("|");
}
