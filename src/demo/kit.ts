// The kit's public API as the demo uses it: the package's ".", "./protocol", "./store" and
// "./notify" entries.
export * from "../index";
export {
  NotificationAnswers,
  NotificationSwitch,
} from "../notify/react/index";
export { formatPromptText, parseTextReply } from "../protocol/index";
export { recordMatchesScope } from "../store/index";
