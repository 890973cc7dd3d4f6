/** What this browser can do with question notifications. */
export type NotificationSupport = "buttons" | "open-only" | "unsupported";

/**
 * Buttons need a service worker and notification actions (Chromium, Edge, Firefox 152+); Safari
 * shows notifications without actions, so a click can only open the page.
 */
export function notificationSupport(): NotificationSupport {
  if (typeof Notification === "undefined" || typeof navigator === "undefined") return "unsupported";
  if (!("serviceWorker" in navigator)) return "unsupported";
  const { maxActions } = Notification as unknown as { maxActions?: number };
  return typeof maxActions === "number" && maxActions > 0 ? "buttons" : "open-only";
}

/**
 * The registration that shows the notifications and hears their clicks: the page's own, or the
 * worker at `workerUrl` registered now. Null when there is none and none was given.
 */
export async function questionWorkerRegistration(
  workerUrl: string | undefined,
): Promise<ServiceWorkerRegistration | null> {
  const container = navigator.serviceWorker;
  const existing = await container.getRegistration();
  if (existing !== undefined) return existing;
  if (workerUrl === undefined) return null;
  await container.register(workerUrl);
  return container.ready;
}
