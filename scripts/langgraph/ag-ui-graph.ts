// The graph `ag_ui_ask` of the local LangGraph server, for the AG-UI suite: `@ag-ui/langgraph`'s
// LangGraphAgent runs it inside the CopilotKit runtime. No model: the last human text decides.
//   - `ask:deploy` → one `interrupt()` carrying an `ask_user` question, then `Got: <resume value>`;
//   - `ask:two` → two nodes in parallel, each pausing on a question of its own at the same
//     checkpoint, then each says `Got <its question id>: <resume value>`;
//   - anything else → a hint.
// The state is a StateSchema: the server reads its schema at run time instead of type-checking
// this file on the first run (about 20 s).
import { AIMessage, type BaseMessage } from "@langchain/core/messages";
import { interrupt, MessagesValue, StateGraph, StateSchema } from "@langchain/langgraph";

const DEPLOY_QUESTION = {
  id: "deploy_target",
  header: "Deploy",
  question: "Where should I deploy?",
  options: [{ label: "Staging (Recommended)", description: "Safe" }, { label: "Production" }],
};

const NOTIFY_QUESTION = {
  id: "notify_team",
  header: "Notify",
  question: "Should I tell the team?",
  options: [{ label: "Yes (Recommended)" }, { label: "No" }],
};

const AskState = new StateSchema({ messages: MessagesValue });
type State = typeof AskState.State;

function lastHumanText(messages: readonly BaseMessage[]): string {
  const human = messages.findLast((message) => message.getType() === "human");
  return typeof human?.content === "string" ? human.content.trim() : "";
}

/** Pauses on one `ask_user` question; once resumed, says what the resume brought. */
function askNode(question: typeof DEPLOY_QUESTION, label: string) {
  return (): Partial<State> => {
    const got: unknown = interrupt({
      reason: "ask_user",
      questions: [question],
      timeoutSeconds: 120,
    });
    return { messages: [new AIMessage(`${label}: ${JSON.stringify(got)}`)] };
  };
}

const hint = (): Partial<State> => ({
  messages: [new AIMessage("Say ask:deploy or ask:two.")],
});

function route(state: State): string[] {
  const text = lastHumanText(state.messages);
  if (text === "ask:deploy") return ["ask_deploy"];
  if (text === "ask:two") return ["ask_both_deploy", "ask_both_notify"];
  return ["hint"];
}

/** The graph the AG-UI suite runs through `@ag-ui/langgraph` (see the top of this file). */
export const agUiAskGraph = new StateGraph(AskState)
  .addNode("ask_deploy", askNode(DEPLOY_QUESTION, "Got"))
  .addNode("ask_both_deploy", askNode(DEPLOY_QUESTION, `Got ${DEPLOY_QUESTION.id}`))
  .addNode("ask_both_notify", askNode(NOTIFY_QUESTION, `Got ${NOTIFY_QUESTION.id}`))
  .addNode("hint", hint)
  .addConditionalEdges("__start__", route, [
    "ask_deploy",
    "ask_both_deploy",
    "ask_both_notify",
    "hint",
  ])
  .addEdge("ask_deploy", "__end__")
  .addEdge("ask_both_deploy", "__end__")
  .addEdge("ask_both_notify", "__end__")
  .addEdge("hint", "__end__")
  .compile();
