// The kit's public API as the demo uses it: the package's ".", "./protocol" and "./store" entries.
export * from "../index";
export { formatPromptText, parseTextReply } from "../protocol/index";
export { recordMatchesScope } from "../store/index";
