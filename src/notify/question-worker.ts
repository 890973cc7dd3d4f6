// The drop-in service worker for a host that has none: serve the built file
// (`ask-user-kit/notify/question-worker.js`) from the app's origin and register it.
import { handleQuestionNotificationClick, type QuestionNotificationClick } from "./worker";

type WorkerScope = {
  addEventListener(
    type: "notificationclick",
    listener: (event: QuestionNotificationClick) => void,
  ): void;
  addEventListener(
    type: "install" | "activate",
    listener: (event: { waitUntil(work: Promise<unknown>): void }) => void,
  ): void;
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void> };
};

const scope = globalThis as unknown as WorkerScope;
scope.addEventListener("install", (event) => event.waitUntil(scope.skipWaiting()));
scope.addEventListener("activate", (event) => event.waitUntil(scope.clients.claim()));
scope.addEventListener("notificationclick", (event) => {
  handleQuestionNotificationClick(event);
});
