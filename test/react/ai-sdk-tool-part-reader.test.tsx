// <AskUserToolPart> reads a call the store does not hold (one that ended before this page, or in
// another tab) from the part alone, with the chat's call reader: a chunk loaded as the chat's
// source is made. Until it has loaded the part shows nothing; once it loads, the summary.
import { act, render, screen, waitFor } from "@testing-library/react";
import type { UIMessage } from "ai";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { AskUserChat } from "../../src/ai-sdk/chat-question-source";

const READER = "../../src/ai-sdk/chat-calls";

const answeredPart = {
  type: "tool-ask_user",
  toolCallId: "call_1",
  state: "output-available",
  input: {
    questions: [
      {
        id: "deploy_target",
        header: "Deploy",
        question: "Where should I deploy this build?",
        options: [{ label: "Staging" }, { label: "Production" }],
      },
    ],
  },
  output: { status: "answered", answers: { answers: { deploy_target: ["Production"] } } },
} as const;

afterEach(() => {
  vi.doUnmock(READER);
  vi.resetModules();
});

/** What the page uses, imported from a module graph where the call reader has not loaded. */
type Kit = {
  AskUserToolPart: typeof import("../../src/ai-sdk/react/index").AskUserToolPart;
  useAskUserChat: typeof import("../../src/ai-sdk/react/index").useAskUserChat;
  QuestionsProvider: typeof import("../../src/react/provider").QuestionsProvider;
};

const waitingPart = {
  ...answeredPart,
  toolCallId: "call_2",
  state: "input-available",
  output: undefined,
} as const;

const chat = {
  id: "chat_1",
  messages: [{ id: "assistant_1", role: "assistant", parts: [answeredPart] }] as UIMessage[],
  addToolOutput: async () => undefined,
} as unknown as AskUserChat;

/** A chat page showing the answered call's tool part, over the chat's store. */
function ChatPage({
  kit,
  page = chat,
  onStore,
}: {
  kit: Kit;
  page?: AskUserChat;
  onStore?: (store: ReturnType<Kit["useAskUserChat"]>) => void;
}) {
  const store = kit.useAskUserChat(page, { storage: null });
  onStore?.(store);
  return (
    <kit.QuestionsProvider store={store} sessionKey={chat.id}>
      <section aria-label="Chat">
        <kit.AskUserToolPart part={answeredPart} />
      </section>
    </kit.QuestionsProvider>
  );
}

/** The page's modules, fresh: their call reader loads only once released, or not until healed. */
async function kitWithoutItsReader(reader: "held" | "failing") {
  vi.resetModules();
  let failing = reader === "failing";
  let release = (): void => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  vi.doMock(READER, async (importOriginal) => {
    if (failing) throw new Error("Failed to fetch dynamically imported module");
    if (reader === "held") await held;
    return importOriginal();
  });
  const { AskUserToolPart, useAskUserChat } = await import("../../src/ai-sdk/react/index");
  const { QuestionsProvider } = await import("../../src/react/provider");
  const heal = () => {
    failing = false;
    vi.doUnmock(READER);
  };
  const kit: Kit = { AskUserToolPart, useAskUserChat, QuestionsProvider };
  return { kit, release, heal };
}

describe("given an ended ask_user call the store does not hold", () => {
  it("should show nothing until the call reader has loaded, then its summary", async () => {
    const { kit, release } = await kitWithoutItsReader("held");
    render(<ChatPage kit={kit} />);
    const chatRegion = screen.getByRole("region", { name: "Chat" });
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(chatRegion).toBeEmptyDOMElement();

    release();
    await waitFor(() => expect(chatRegion).toHaveTextContent("Production"));
    expect(chatRegion.querySelector("[data-status]")?.getAttribute("data-status")).toBe("answered");
  });

  it("should show its summary once Try again has loaded a reader that failed to load", async () => {
    const { kit, heal } = await kitWithoutItsReader("failing");
    const page = {
      ...chat,
      messages: [
        { id: "assistant_1", role: "assistant", parts: [answeredPart] },
        { id: "assistant_2", role: "assistant", parts: [waitingPart] },
      ],
    } as unknown as AskUserChat;
    const made: { store?: ReturnType<Kit["useAskUserChat"]> } = {};
    render(
      <ChatPage
        kit={kit}
        page={page}
        onStore={(store) => {
          made.store = store;
        }}
      />,
    );
    const chatRegion = screen.getByRole("region", { name: "Chat" });
    await waitFor(() => expect(made.store?.getState().sourceFailure).not.toBeNull());
    expect(chatRegion).toBeEmptyDOMElement();

    heal();
    await act(async () => {
      await made.store?.getState().retrySource();
    });
    await waitFor(() => expect(chatRegion).toHaveTextContent("Production"));
    expect(made.store?.getState().sourceFailure).toBeNull();
  });
});
