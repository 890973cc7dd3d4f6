import { useStore } from "zustand";
import { useShallow } from "zustand/react/shallow";
import type { QuestionStore } from "../store/types";
import { useQuestionsContext } from "./context";

/** Reads a slice of the question store; re-renders only when the slice changes (`Object.is`). */
export function useQuestionStore<Slice>(selector: (state: QuestionStore) => Slice): Slice {
  return useStore(useQuestionsContext().store, selector);
}

/** Like `useQuestionStore` for derived arrays and objects (shallow comparison). */
export function useQuestionStoreShallow<Slice>(selector: (state: QuestionStore) => Slice): Slice {
  return useStore(useQuestionsContext().store, useShallow(selector));
}
