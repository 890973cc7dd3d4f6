/** The optional questions the demo agent asks while it works on (an OpenClaw async question). */
export type DemoAsyncDelivery = {
  itemId: string;
  questions: Array<{ title: string; options?: string[] }>;
};

/** The toolbar's label for it. */
export const ASYNC_QUESTION_LABEL = "Async question";

/** What the agent's message says besides its questions. */
export const ASYNC_QUESTION_TEXT =
  "I am setting up the database layer meanwhile; answer when you like.";

/** A fresh delivery: each ask has its own item id, as each of OpenClaw's does. */
export function demoAsyncDelivery(itemId: string): DemoAsyncDelivery {
  return {
    itemId,
    questions: [
      { title: "Which database should I use?", options: ["Postgres", "SQLite", "MySQL"] },
      { title: "Anything else I should know?" },
    ],
  };
}
