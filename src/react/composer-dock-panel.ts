// What the composer dock shows for a question, loaded apart from the page's first bytes: the dock
// preloads it as it mounts, so a question that arrives later still shows in one task. The
// announcer's live regions mount with it, long before a question arrives.

export { QuestionCard } from "./card/question-card";
export { enterPanel, leavePanel, refocusAfterNotice } from "./composer-handoff";
export { QuestionDock } from "./dock/question-dock";
export { holdKey, releaseHeldKeys } from "./held-keys";
export { OutcomeNotice } from "./notice/outcome-notice";
export { PanelResidents as Announcer } from "./panel-residents";
export { QuestionBar } from "./question-bar";
export { ReplyHint } from "./reply/reply-hint";
