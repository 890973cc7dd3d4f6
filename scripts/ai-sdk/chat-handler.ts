// The AI SDK chat's route handler, as a host writes it (a Next.js `POST`, or any server with
// web Request and Response): the model, the kit's `ask_user` tool, the UI message stream back.
import {
  convertToModelMessages,
  type LanguageModel,
  stepCountIs,
  streamText,
  type UIMessage,
} from "ai";
import { askUserTool } from "../../src/ai-sdk/index";

/** Steps one request may take: a refused call and the corrected one fit. */
const MAX_STEPS = 4;

/** The handler for `POST /api/chat`. */
export function createChatHandler(model: LanguageModel): (request: Request) => Promise<Response> {
  return async (request) => {
    const { messages } = (await request.json()) as { messages: UIMessage[] };
    const result = streamText({
      model,
      system: "You are a helpful coding agent.",
      messages: await convertToModelMessages(messages),
      tools: { ask_user: askUserTool() },
      stopWhen: stepCountIs(MAX_STEPS),
    });
    // The SDK masks errors as "An error occurred." by default; a refused ask_user call's field
    // list is the model's to read on later turns too, and holds nothing secret.
    return result.toUIMessageStreamResponse({
      onError: (error) => (error instanceof Error ? error.message : String(error)),
    });
  };
}
