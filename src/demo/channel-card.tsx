import { type FormEvent, useId, useRef, useState } from "react";
import { finalizationText } from "../channels/index";
import { type ChannelName, channelButtons } from "./channel-buttons";
import { resolveFromChannel } from "./demo-api";
import { formatPromptText, parseTextReply, type QuestionAnswers, type QuestionRecord } from "./kit";

const CHANNEL_TITLES: Record<ChannelName, string> = {
  telegram: "Telegram",
  discord: "Discord",
  slack: "Slack",
  "plain-text": "Plain text",
};

type Notice = { tone: "info" | "error"; text: string };

/** One channel's rendering of the pending prompt: native buttons when eligible, else text, and a reply box. */
export function ChannelCard({
  channel,
  record,
  unavailable,
}: {
  channel: ChannelName;
  record: QuestionRecord;
  unavailable: boolean;
}) {
  const [reply, setReply] = useState("");
  const [notice, setNotice] = useState<Notice | null>(null);
  const replyRef = useRef<HTMLTextAreaElement>(null);
  const replyId = useId();
  const native =
    record.status === "pending" && !unavailable ? channelButtons(channel, record) : null;
  const title = CHANNEL_TITLES[channel];
  const final = finalizationText(record, { unavailable });

  const send = (answers: QuestionAnswers) => {
    setNotice({ tone: "info", text: "Sending…" });
    resolveFromChannel({ id: record.id, channel, answers: answers.answers })
      .then(() => setNotice(null))
      .catch((error: unknown) =>
        setNotice({ tone: "error", text: `Not accepted: ${String(error)}` }),
      );
  };

  const submitReply = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseTextReply(record.questions, reply);
    if (parsed.missing.length > 0) {
      const headers = record.questions
        .filter((question) => parsed.missing.includes(question.questionId))
        .map((question) => question.header);
      setNotice({ tone: "error", text: `Which question needs an answer: ${headers.join(", ")}` });
      return;
    }
    setReply("");
    send(parsed.answers);
  };

  return (
    <section className={`demo-channel demo-channel--${channel}`} aria-label={`${title} message`}>
      <h3>
        {title}
        <span className="demo-channel__kind">
          {final !== null ? "message edited" : native ? "native buttons" : "text"}
        </span>
      </h3>
      {final !== null ? (
        <p className="demo-channel__final">{final}</p>
      ) : native ? (
        <>
          <p className="demo-channel__message">
            <bdi dir="auto">{record.questions[0]?.header}</bdi>:{" "}
            <bdi dir="auto">{record.questions[0]?.question}</bdi>
          </p>
          <div className="demo-channel__buttons">
            {native.buttons.map((button) => (
              <button
                key={button.payload}
                type="button"
                className="demo-button"
                title={button.payload}
                onClick={() => {
                  const outcome = button.tap();
                  if (outcome === null) setNotice({ tone: "error", text: "Unknown button" });
                  else if (outcome.kind === "other") replyRef.current?.focus();
                  else send(outcome.answers);
                }}
              >
                {button.label}
              </button>
            ))}
          </div>
          <details>
            <summary>Payload</summary>
            <pre className="demo-channel__text">{JSON.stringify(native.wire, null, 2)}</pre>
          </details>
        </>
      ) : (
        <pre className="demo-channel__text">{formatPromptText(record.questions)}</pre>
      )}
      {final === null ? (
        <form className="demo-channel__reply" onSubmit={submitReply}>
          <label htmlFor={replyId} className="demo-visually-hidden">
            Reply on {title}
          </label>
          <textarea
            id={replyId}
            ref={replyRef}
            rows={record.questions.length > 1 ? 3 : 1}
            placeholder="Reply…"
            value={reply}
            onChange={(event) => setReply(event.target.value)}
          />
          <button type="submit" className="demo-button" disabled={reply.trim() === ""}>
            Reply
          </button>
        </form>
      ) : null}
      {notice ? (
        <p
          className={`demo-channel__notice demo-channel__notice--${notice.tone}`}
          role={notice.tone === "error" ? "alert" : "status"}
        >
          {notice.text}
        </p>
      ) : null}
    </section>
  );
}
