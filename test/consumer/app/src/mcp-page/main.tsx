// The README's MCP forms example with its URL control (saved into src/mcp/ by the consumer test),
// as the README composes them into one page.
import { createRoot } from "react-dom/client";
import { Forms } from "../mcp/mcp-forms";
import { ConfirmPayment } from "../mcp/mcp-url";

const root = document.getElementById("root");
if (root === null) throw new Error("no #root");
createRoot(root).render(
  <Forms>
    <ConfirmPayment cartId="cart-1" />
  </Forms>,
);
