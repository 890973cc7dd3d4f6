// The AI SDK page: the README's chat component (saved as ./ai-sdk-chat.tsx by the consumer test),
// talking to the README's route handler, which the test serves at /api/chat.
import { createRoot } from "react-dom/client";
import { Chat } from "./ai-sdk-chat";

const root = document.getElementById("root");
if (root === null) throw new Error("no #root element");
createRoot(root).render(<Chat />);
