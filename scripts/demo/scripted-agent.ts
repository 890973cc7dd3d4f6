import { AGENT_PROMPTS, agentPromptFor } from "../../src/demo/shared/agent-prompts";
import type { Question } from "../../src/protocol/types";
import type { ModelScenario } from "../../src/testing/index";
import { scenarioScript } from "./scenario-script";

const MS_PER_SECOND = 1000;
/** `ask_user` needs 2-4 options; a free-text-only demo question gets suggestions (and Other). */
const MIN_OPTIONS = 2;
const SUGGESTIONS = [{ label: "my-app" }, { label: "web-shop" }];

/** The `ask_user` tool input for a scenario's questions. */
function askUserInput(questions: readonly Question[], timeoutMs: number) {
  return {
    questions: questions.map((question) => ({
      id: question.questionId,
      header: question.header,
      question: question.question,
      options:
        question.options.length < MIN_OPTIONS
          ? SUGGESTIONS
          : question.options.map((option) =>
              option.description === undefined
                ? { label: option.label }
                : { label: option.label, description: option.description },
            ),
      ...(question.multiSelect === true ? { multiSelect: true } : {}),
    })),
    timeoutSeconds: Math.round(timeoutMs / MS_PER_SECOND),
  };
}

/** The tool's summary lines, without the JSON block the agent also gets. */
const summaryOf = (result: string) => result.split("\n\n")[0] ?? result;

/**
 * The scripted model's turns for the demo: each toolbar prompt asks the demo scenario's questions
 * through the real `ask_user` tool and replies quoting what the tool returned; any other message
 * gets a short reply naming the prompts.
 */
export function demoModelScenarios(): ModelScenario[] {
  const asking = AGENT_PROMPTS.map((prompt): ModelScenario => {
    const script = scenarioScript(prompt.scenario);
    return {
      matches: (text) => agentPromptFor(text) === prompt,
      askUser: askUserInput(script.questions, script.timeoutMs),
      reply: (result) =>
        result === null
          ? script.opening
          : `${script.title}: the tool returned\n${summaryOf(result)}`,
    };
  });
  const names = AGENT_PROMPTS.map((prompt) => `“${prompt.message}”`).join(", ");
  return [
    ...asking,
    {
      matches: () => true,
      askUser: null,
      reply: () => `I am a scripted model. Send ${names} and I will ask you through ask_user.`,
    },
  ];
}
