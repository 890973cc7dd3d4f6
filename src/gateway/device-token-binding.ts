import type { DeviceIdentityProvider, DeviceTokenKey, DeviceTokenStore } from "./device-types";
import { encodeHex, encodeUtf8 } from "./encoding";
import { sha256WithNoble } from "./sha256-noble";

/**
 * Lowercase hex SHA-256 of a shared token: stored next to the device token it obtained, so a newly
 * supplied shared token can be told apart without ever storing the token itself.
 */
export function fingerprintSharedToken(token: string): string {
  // Pure JS: crypto.subtle is missing on plain-http LAN pages, where the kit must still work.
  return encodeHex(sha256WithNoble(encodeUtf8(token)));
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
