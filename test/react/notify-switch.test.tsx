import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CLICK_MESSAGE_KIND } from "../../src/notify/click-message";
import { NotificationAnswers } from "../../src/notify/react/notification-answers";
import { NotificationSwitch } from "../../src/notify/react/notification-switch";
import { ComposerDock } from "../../src/react/composer-dock";
import { de } from "../../src/react/i18n/de";
import { singleChoiceRecord } from "../../src/testing/fixtures";
import { renderWithStore } from "./support";

const composer = <textarea aria-label="Message" />;

type FakeNotification = {
  permission: NotificationPermission;
  maxActions?: number;
  requestPermission: ReturnType<typeof vi.fn>;
};

function stubNotifications(permission: NotificationPermission, maxActions?: number) {
  const fake: FakeNotification = {
    permission,
    ...(maxActions === undefined ? {} : { maxActions }),
    requestPermission: vi.fn(async () => {
      fake.permission = "granted";
      return "granted" as const;
    }),
  };
  vi.stubGlobal("Notification", fake);
  return fake;
}

/** A page's service worker: a registration that records notifications, and its message channel. */
function stubServiceWorker() {
  const listeners = new Set<(event: { data: unknown }) => void>();
  const registration = {
    showNotification: vi.fn(async () => undefined),
    getNotifications: vi.fn(async () => []),
  };
  Object.defineProperty(navigator, "serviceWorker", {
    configurable: true,
    value: {
      getRegistration: async () => registration,
      register: vi.fn(),
      ready: Promise.resolve(registration),
      addEventListener: (_: string, listener: (event: { data: unknown }) => void) =>
        listeners.add(listener),
      removeEventListener: (_: string, listener: (event: { data: unknown }) => void) =>
        listeners.delete(listener),
      startMessages: () => undefined,
    },
  });
  return {
    registration,
    post: (data: unknown) => {
      for (const listener of listeners) listener({ data });
    },
    listening: () => listeners.size > 0,
  };
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, "serviceWorker");
});

function renderPage(dictionary = undefined as typeof de | undefined) {
  return renderWithStore(
    <NotificationAnswers>
      <NotificationSwitch />
      <ComposerDock composer={composer} />
    </NotificationAnswers>,
    { prompts: [singleChoiceRecord] },
    dictionary,
  );
}

describe("given a host that offers no notifications", () => {
  it("should show no switch in the dock", () => {
    renderWithStore(<ComposerDock composer={composer} />, { prompts: [singleChoiceRecord] });
    const dock = screen.getByRole("region", { name: "Question from the agent" });
    expect(within(dock).queryByRole("button", { name: /Notify me/ })).not.toBeInTheDocument();
  });
});

describe("given notifications off in a browser with notification buttons", () => {
  it("should ask the permission in the click, then be on in the switch and in the dock", async () => {
    const user = userEvent.setup();
    const fake = stubNotifications("default", 2);
    stubServiceWorker();
    renderPage();
    const control = screen.getByRole("switch", { name: "Notify me when the agent asks" });
    expect(control).not.toBeChecked();
    expect(control).toHaveAccessibleDescription("Off");
    expect(fake.requestPermission).not.toHaveBeenCalled();

    await user.click(control);
    expect(fake.requestPermission).toHaveBeenCalledOnce();
    await waitFor(() => expect(control).toBeChecked());
    expect(control).toHaveAccessibleDescription(
      "On: answer from the notification while this page is in the background",
    );
    const dock = screen.getByRole("region", { name: "Question from the agent" });
    const bell = within(dock).getByRole("button", { name: "Notify me when the agent asks" });
    expect(bell).toHaveAttribute("aria-pressed", "true");
    expect(localStorage.getItem("ask-user-kit:notify")).toBe("on");

    await user.click(bell);
    expect(control).not.toBeChecked();
    expect(localStorage.getItem("ask-user-kit:notify")).toBe("off");
  });

  it("should speak the provider's language", () => {
    stubNotifications("default", 2);
    stubServiceWorker();
    renderPage(de);
    expect(
      screen.getByRole("switch", { name: "Benachrichtigen, wenn der Agent fragt" }),
    ).toHaveAccessibleDescription("Aus");
  });
});

describe("given a browser that cannot answer from notifications", () => {
  it("should say the browser blocks them, and not ask again", async () => {
    const user = userEvent.setup();
    const fake = stubNotifications("denied", 2);
    stubServiceWorker();
    renderPage();
    const control = screen.getByRole("switch", { name: "Notify me when the agent asks" });
    expect(control).toHaveAttribute("aria-disabled", "true");
    expect(control).toHaveAccessibleDescription(
      "Blocked by the browser: allow notifications for this site in its settings",
    );
    await user.click(control);
    expect(fake.requestPermission).not.toHaveBeenCalled();
  });

  it("should say when the browser has no notifications at all", () => {
    renderPage();
    expect(
      screen.getByRole("switch", { name: "Notify me when the agent asks" }),
    ).toHaveAccessibleDescription("This browser cannot show notifications");
  });

  it("should say a click only opens the page where notifications have no buttons (Safari)", () => {
    localStorage.setItem("ask-user-kit:notify", "on");
    stubNotifications("granted");
    stubServiceWorker();
    renderPage();
    const control = screen.getByRole("switch", { name: "Notify me when the agent asks" });
    expect(control).toBeChecked();
    expect(control).toHaveAccessibleDescription(
      "On: a click on the notification opens the question here",
    );
  });
});

describe("given a click on a notification whose question had ended", () => {
  it("should say beside the composer that nothing was sent, until dismissed", async () => {
    const user = userEvent.setup();
    localStorage.setItem("ask-user-kit:notify", "on");
    stubNotifications("granted", 2);
    const worker = stubServiceWorker();
    renderPage();
    await waitFor(() => expect(worker.listening()).toBe(true));
    act(() =>
      worker.post({
        kind: CLICK_MESSAGE_KIND,
        clickId: "late",
        promptId: "ask_long_gone",
        choice: { kind: "option", questionId: "target", label: "Production" },
      }),
    );
    const news = await screen.findByText(/That question had already ended/);
    expect(news.closest("[role=status]")).not.toBeNull();
    await user.click(screen.getByRole("button", { name: "Dismiss" }));
    expect(screen.queryByText(/That question had already ended/)).not.toBeInTheDocument();
  });
});
