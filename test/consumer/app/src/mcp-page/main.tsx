// The README's MCP forms example (saved into src/mcp/ by the consumer test), as its page.
import { createRoot } from "react-dom/client";
import { Forms } from "../mcp/mcp-forms";

const root = document.getElementById("root");
if (root === null) throw new Error("no #root");
createRoot(root).render(<Forms />);
