export {
  type AskUserStream,
  type UseAskUserStreamOptions,
  useAskUserStream,
} from "./use-ask-user-stream";
