export { type UseAskUserAgentOptions, useAskUserAgent } from "./use-ask-user-agent";
