import type { DeviceIdentityProvider, DeviceTokenKey, DeviceTokenStore } from "./device-types";
import { findSubtleCrypto, sha256WithWebCrypto } from "./ed25519-webcrypto";
import { encodeHex, encodeUtf8 } from "./encoding";
import { loadNoble } from "./load-noble";

/**
 * Lowercase hex SHA-256 of a shared token's UTF-8: stored next to the device token it obtained, so
 * a newly supplied shared token can be told apart without ever storing the token itself.
 */
export async function fingerprintSharedToken(
  token: string,
  subtle: SubtleCrypto | null = findSubtleCrypto(),
): Promise<string> {
  const bytes = encodeUtf8(token);
  // Plain-http LAN pages have no crypto.subtle; only they fetch the pure-JS chunk.
  const digest = subtle
    ? await sha256WithWebCrypto(subtle, bytes)
    : (await loadNoble()).sha256WithNoble(bytes);
  return encodeHex(digest);
}

/** The store key of this client's device token. */
export function deviceTokenKeyOf(
  gatewayUrl: string,
  deviceId: string,
  role: string,
): DeviceTokenKey {
  return { gatewayUrl, deviceId, role };
}

/** Removes the stored device token of this gateway, device and role, if there is one. */
export async function forgetDeviceToken(input: {
  gatewayUrl: string;
  role: string;
  device: DeviceIdentityProvider | null;
  deviceTokenStore: DeviceTokenStore | null;
}): Promise<void> {
  if (input.device === null || input.deviceTokenStore === null) return;
  const identity = await input.device.getIdentity();
  await input.deviceTokenStore.remove(deviceTokenKeyOf(input.gatewayUrl, identity.id, input.role));
}
