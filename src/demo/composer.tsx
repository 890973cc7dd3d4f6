import { type FormEvent, type KeyboardEvent, type Ref, useState } from "react";
import { useReplyTarget } from "./kit";

/** The host's chat composer: a textarea and Send. Its draft survives the dock taking over. */
export function Composer({
  onSend,
  answersQuestions,
  textareaRef,
}: {
  /** Sends the message; a rejection puts the text back so nothing typed is lost. */
  onSend(text: string): Promise<unknown>;
  /** A message sent while a run waits on a question answers it (the gateway's plain-text rule). */
  answersQuestions: boolean;
  textareaRef?: Ref<HTMLTextAreaElement>;
}) {
  const [text, setText] = useState("");
  const target = useReplyTarget();
  const reply = answersQuestions ? target : null;
  const send = (event?: FormEvent) => {
    event?.preventDefault();
    const message = text.trim();
    if (message === "") return;
    setText("");
    onSend(message).catch(() => setText((current) => (current === "" ? message : current)));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) send(event);
  };
  return (
    <form className="demo-composer" aria-label="Composer" onSubmit={send}>
      <textarea
        ref={textareaRef}
        aria-label="Message"
        aria-describedby={reply?.hintId}
        placeholder={reply?.placeholder ?? "Message the agent…"}
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
        {reply === null ? "Send" : "Send reply"}
      </button>
    </form>
  );
}
