// The page that docks a thread also says why its stream failed: from here, a React page imports
// the wording alone, not the thread reader's shapes that the root entry's module graph holds.
export {
  describeStreamError,
  type StreamErrorDescription,
  type StreamErrorWords,
} from "../stream-error";
export {
  type AskUserStream,
  type UseAskUserStreamOptions,
  useAskUserStream,
} from "./use-ask-user-stream";
