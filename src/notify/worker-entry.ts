// `ask-user-kit/notify/worker`: for the host's own service worker. No DOM, no React.
export {
  CLICK_MESSAGE_KIND,
  type NotificationChoice,
  type NotificationClickMessage,
} from "./click-message";
export { QUESTION_NOTIFICATION_KIND, type QuestionNotificationData } from "./notification-content";
export {
  handleQuestionNotificationClick,
  type QuestionClients,
  type QuestionNotificationClick,
  type QuestionNotificationClickOptions,
  type QuestionWindowClient,
} from "./worker";
