// A CommonJS host: every JavaScript entry loads with require() (Node 20.19 and later).
const entries = [
  "ask-user-kit",
  "ask-user-kit/protocol",
  "ask-user-kit/gateway",
  "ask-user-kit/store",
  "ask-user-kit/channels",
  "ask-user-kit/testing",
  "ask-user-kit/ai-sdk",
  "ask-user-kit/ai-sdk/react",
  "ask-user-kit/mcp",
  "ask-user-kit/langgraph",
  "ask-user-kit/langgraph/react",
  "ask-user-kit/langgraph/agent",
  "ask-user-kit/ag-ui",
  "ask-user-kit/ag-ui/react",
  "ask-user-kit/locales/de",
];
const loaded = entries.map((entry) => [entry, Object.keys(require(entry)).length]);
const empty = loaded.filter(([, count]) => count === 0);
if (empty.length > 0)
  throw new Error(`no exports from ${empty.map(([entry]) => entry).join(", ")}`);
const { formatPromptText } = require("ask-user-kit/protocol");
if (typeof formatPromptText !== "function") throw new Error("formatPromptText is not a function");
console.log(`required ${loaded.length} entries`);
