import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { UIMessage } from "ai";
import { StrictMode, useCallback, useState } from "react";
import { describe, expect, it } from "vitest";
import { isAskUserPart } from "../../src/ai-sdk/ask-user-parts";
import type { AskUserChat } from "../../src/ai-sdk/chat-question-source";
import { AskUserToolPart, useAskUserChat } from "../../src/ai-sdk/react/index";
import { ComposerDock } from "../../src/react/composer-dock";
import { QuestionsProvider } from "../../src/react/provider";

const askingMessage: UIMessage = {
  id: "assistant_1",
  role: "assistant",
  parts: [
    {
      type: "dynamic-tool",
      toolName: "ask_user",
      toolCallId: "call_1",
      state: "input-available",
      input: {
        questions: [
          {
            id: "deploy_target",
            header: "Deploy",
            question: "Where should I deploy this build?",
            options: [{ label: "Staging (Recommended)" }, { label: "Production" }],
          },
        ],
      },
    },
  ],
};

type Output = { toolCallId: string; output: unknown };

/** A host page: `useChat`'s messages kept in state, `addToolOutput` updating the part in place. */
function ChatPage({ outputs }: { outputs: Output[] }) {
  const [messages, setMessages] = useState<UIMessage[]>([askingMessage]);
  const addToolOutput = useCallback(
    async ({ toolCallId, output }: Output) => {
      outputs.push({ toolCallId, output });
      setMessages((current) =>
        current.map((message) => ({
          ...message,
          parts: message.parts.map((part) =>
            isAskUserPart(part) && part.toolCallId === toolCallId
              ? ({ ...part, state: "output-available", output } as typeof part)
              : part,
          ),
        })),
      );
    },
    [outputs],
  );
  const chat = { id: "chat_1", messages, addToolOutput } as unknown as AskUserChat;
  const store = useAskUserChat(chat, { storage: null });
  return (
    <QuestionsProvider store={store} sessionKey={chat.id}>
      <ol aria-label="Chat">
        {messages.flatMap((message) =>
          message.parts.map((part) =>
            isAskUserPart(part) ? (
              <li key={part.toolCallId}>
                <AskUserToolPart part={part} />
              </li>
            ) : null,
          ),
        )}
      </ol>
      <ComposerDock composer={<textarea aria-label="Message" />} />
    </QuestionsProvider>
  );
}

describe("given a useChat chat whose model asks through ask_user", () => {
  it("should ask in the dock, answer with addToolOutput once, and show the summary at the part", async () => {
    const user = userEvent.setup();
    const outputs: Output[] = [];
    render(
      <StrictMode>
        <ChatPage outputs={outputs} />
      </StrictMode>,
    );
    await user.click(await screen.findByRole("radio", { name: /Production/ }));
    await user.click(screen.getByRole("button", { name: "Submit" }));
    await waitFor(() => expect(screen.queryByRole("radio")).not.toBeInTheDocument());
    expect(outputs).toEqual([
      {
        toolCallId: "call_1",
        output: { status: "answered", answers: { answers: { deploy_target: ["Production"] } } },
      },
    ]);
    const chat = screen.getByRole("list", { name: "Chat" });
    expect(chat).toHaveTextContent("Production");
    expect(chat.querySelector("[data-status]")?.getAttribute("data-status")).toBe("answered");
    expect(screen.getByRole("textbox", { name: "Message" })).toBeVisible();
  });
});
