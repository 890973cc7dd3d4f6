// One page, one README host per `?host=`: each host module imports the kit's entries as its README
// section does.
import type { ComponentType } from "react";
import { createRoot } from "react-dom/client";

const hosts: Record<string, () => Promise<{ Host: ComponentType }>> = {
  openclaw: () => import("./hosts/openclaw"),
  "own-connection": () => import("./hosts/own-connection"),
  "ai-sdk": () => import("./hosts/ai-sdk"),
  langgraph: () => import("./hosts/langgraph"),
  mcp: () => import("./hosts/mcp"),
  "ag-ui": () => import("./hosts/ag-ui"),
};

const name = new URLSearchParams(window.location.search).get("host") ?? "";
const load = hosts[name];
if (load === undefined) throw new Error(`no host "${name}"`);
const root = document.getElementById("root");
if (root === null) throw new Error("no #root");
const { Host } = await load();
createRoot(root).render(<Host />);
