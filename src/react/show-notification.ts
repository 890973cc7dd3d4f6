/** What a question notification shows. */
export type QuestionNotification = { title: string; body: string; tag: string };

function showWithConstructor({ title, body, tag }: QuestionNotification): void {
  try {
    new Notification(title, { body, tag });
  } catch {
    // Android Chrome allows notifications only through a service worker; the page then goes without.
  }
}

/**
 * Shows an OS notification through the page's service worker when it has one, else the
 * `Notification` constructor; never throws, so a store listener calling it cannot fail an update.
 */
export function showQuestionNotification(notification: QuestionNotification): void {
  const container = typeof navigator === "undefined" ? undefined : navigator.serviceWorker;
  if (container === undefined || typeof container.getRegistration !== "function") {
    showWithConstructor(notification);
    return;
  }
  const { title, body, tag } = notification;
  container
    .getRegistration()
    .then((registration) => {
      if (registration === undefined) showWithConstructor(notification);
      else return registration.showNotification(title, { body, tag });
    })
    .catch(() => {
      // A registration that cannot show notifications leaves the page without one, like a denial.
    });
}
