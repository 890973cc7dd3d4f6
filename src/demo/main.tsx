import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
// The kit's stylesheet, imported as a host imports `ask-user-kit/style.css`: the package marks
// only CSS as having side effects, so a production build drops an import made inside its entry.
import "../react/styles.css";
import { DemoApp } from "./demo-app";
import "./demo.css";

const root = document.getElementById("root");
if (root) {
  createRoot(root).render(
    <StrictMode>
      <DemoApp />
    </StrictMode>,
  );
}
