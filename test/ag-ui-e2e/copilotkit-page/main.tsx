// The page of the CopilotKit cases of `npm run test:ag-ui`: the README's CopilotKit page
// (copilotkit-chat.tsx, the README's block as a host saves it) with a host's composer that sends
// through CopilotKit as a CopilotKit chat does, a piece of the host's context (CopilotKit sends it
// with every run it makes), and the thread's text for the cases to read.
import { useAgent, useAgentContext, useCopilotKit } from "@copilotkit/react-core/v2";
import { type FormEvent, StrictMode, useState } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./copilotkit-chat";
import { HOST_CONTEXT } from "./host-context";

function Composer() {
  const { agent } = useAgent({ agentId: "default" });
  const { copilotkit } = useCopilotKit();
  useAgentContext(HOST_CONTEXT);
  const [text, setText] = useState("");
  const send = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() === "") return;
    setText("");
    agent.addMessage({ id: crypto.randomUUID(), role: "user", content: text });
    copilotkit.runAgent({ agent }).catch(() => undefined);
  };
  return (
    <div data-runtime={copilotkit.runtimeConnectionStatus}>
      <section aria-label="Chat" data-thread-id={agent.threadId}>
        {agent.messages.map((message) =>
          typeof message.content === "string" && message.role !== "tool" ? (
            <p key={message.id} data-role={message.role}>
              {message.content}
            </p>
          ) : null,
        )}
      </section>
      <form aria-label="Composer" onSubmit={send}>
        <input
          aria-label="Message"
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        <button type="submit">Send</button>
      </form>
    </div>
  );
}

const root = document.getElementById("root");
if (root === null) throw new Error("no #root");
createRoot(root).render(
  <StrictMode>
    <main>
      <h1>CopilotKit chat</h1>
      <App composer={<Composer />} />
    </main>
  </StrictMode>,
);
