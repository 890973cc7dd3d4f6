import { chatCalls } from "../../src/ai-sdk/chat-question-source";
import { loadAsyncQuestionReader } from "../../src/gateway/async-question-api";
import { persistencePart, submissionPart } from "../../src/store/lazy-parts";

// A store loads its storage part with import() as the page's first store is made; every later
// store finds it loaded and reads storage at once. Loaded here, so each test starts from that
// state (the not-yet-loaded and failed paths have tests of their own). The MCP source's halves,
// the LangGraph source's interrupt reader and the AI SDK source's call reader likewise: a source
// made later finds them loaded; so does the reader of OpenClaw's async questions.
await Promise.all([
  persistencePart.load(),
  submissionPart.load(),
  loadAsyncQuestionReader(),
  import("../../src/mcp/form-elicitation"),
  import("../../src/mcp/url-elicitation"),
  import("../../src/langgraph/thread-updates"),
  chatCalls.load(),
]);
