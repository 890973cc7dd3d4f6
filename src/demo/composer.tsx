import { type FormEvent, type KeyboardEvent, type Ref, useState } from "react";
import { sendMessage } from "./demo-api";

/** The host's chat composer: a textarea and Send. Its draft survives the dock taking over. */
export function Composer({
  sessionKey,
  textareaRef,
}: {
  sessionKey: string;
  textareaRef?: Ref<HTMLTextAreaElement>;
}) {
  const [text, setText] = useState("");
  const send = (event?: FormEvent) => {
    event?.preventDefault();
    const message = text.trim();
    if (message === "") return;
    setText("");
    void sendMessage(sessionKey, message);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) send(event);
  };
  return (
    <form className="demo-composer" aria-label="Composer" onSubmit={send}>
      <textarea
        ref={textareaRef}
        aria-label="Message"
        placeholder="Message the agent…"
        rows={2}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <button
        type="submit"
        className="demo-button demo-button--primary"
        disabled={text.trim() === ""}
      >
        Send
      </button>
    </form>
  );
}
