// `ask-user-kit/notify/worker`: for the host's own service worker. No DOM, no React.
export type { NotificationChoice, NotificationClickMessage } from "./click-message";
export type { QuestionNotificationData } from "./notification-content";
export {
  handleQuestionNotificationClick,
  type QuestionClients,
  type QuestionNotificationClick,
  type QuestionNotificationClickOptions,
  type QuestionWindowClient,
} from "./worker";
