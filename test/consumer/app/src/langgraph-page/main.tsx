// The README's LangGraph page (saved as src/langgraph/langgraph-chat.tsx by the consumer test,
// its API_URL pointed at the test's LangGraph server), as its page.
import { createRoot } from "react-dom/client";
import { Chat } from "../langgraph/langgraph-chat";

const root = document.getElementById("root");
if (root === null) throw new Error("no #root element");
createRoot(root).render(<Chat />);
