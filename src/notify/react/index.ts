// `ask-user-kit/notify`: answers from OS notifications, opt-in. The service worker's side is
// `ask-user-kit/notify/worker`.
export type { NotifySwitchState } from "../../react/context";
export {
  CLICK_MESSAGE_KIND,
  type NotificationChoice,
  type NotificationClickMessage,
} from "../click-message";
export type { NotificationNews } from "../notification-answers";
export {
  QUESTION_NOTIFICATION_KIND,
  type QuestionNotification,
  type QuestionNotificationAction,
  type QuestionNotificationData,
} from "../notification-content";
export { type NotificationSupport, notificationSupport } from "../notification-support";
export {
  arNotify,
  deNotify,
  enNotify,
  jaNotify,
  type NotifyStrings,
  notifyStringsFor,
} from "../notify-strings";
export {
  NOTIFY_STORAGE_KEY,
  NotificationAnswers,
  type NotificationAnswersProps,
} from "./notification-answers";
export { NotificationSwitch, type NotificationSwitchProps } from "./notification-switch";
