import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, isAbsolute, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = resolve(__dirname, "..");
const SOURCE = join(ROOT, "src");
const LAYERS = [
  "protocol",
  "gateway",
  "store",
  "react",
  "channels",
  "testing",
  "openclaw",
  "ai-sdk",
  "mcp",
  "langgraph",
  "notify",
  "ag-ui",
] as const;
type Layer = (typeof LAYERS)[number];

const IMPORT_PATTERNS = [
  /\b(?:import|export)\s+(?:type\s+)?[^;]*?\bfrom\s*["']([^"']+)["']/g,
  /\bimport\s*["']([^"']+)["']/g,
  /\bimport\s*\(\s*["'`]([^"'`]+)["'`]\s*\)/g,
  /\brequire\s*\(\s*["']([^"']+)["']\s*\)/g,
];
const DOM_GLOBALS = [
  "window",
  "document",
  "localStorage",
  "sessionStorage",
  "indexedDB",
  "WebSocket",
];
const REACT_PACKAGES = /^(?:react|react-dom)(?:\/|$)|^@radix-ui\//;

/** Every module specifier a source text imports or re-exports, dynamic imports included. */
function importsOf(text: string): string[] {
  return IMPORT_PATTERNS.flatMap((pattern) =>
    [...text.matchAll(pattern)].map((match) => match[1] ?? ""),
  );
}

function withoutCommentsAndStrings(text: string): string {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/\/\/[^\n]*/g, "")
    .replace(/"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*'|`(?:\\.|[^`\\])*`/g, '""');
}

function domGlobalsUsedIn(text: string): string[] {
  const code = withoutCommentsAndStrings(text);
  return DOM_GLOBALS.filter((name) => new RegExp(`(?<![.\\w$])${name}\\b`).test(code));
}

/** The layer an import lands in, or the bare package name. */
function targetOf(
  file: string,
  specifier: string,
): { layer: Layer | null; packageName: string | null } {
  if (!specifier.startsWith(".")) return { layer: null, packageName: specifier };
  const target = relative(SOURCE, resolve(dirname(file), specifier)).split(/[\\/]/)[0];
  const layer = LAYERS.find((candidate) => candidate === target) ?? null;
  return { layer, packageName: null };
}

function sourceFiles(layer: Layer): string[] {
  const directory = join(SOURCE, layer);
  const entries = readdirSync(directory, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && /\.(?:ts|tsx|mts)$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

type Rule = {
  forbiddenLayers: Layer[];
  forbidsReact: boolean;
  forbidsDom: boolean;
  onlyLayers?: Layer[];
  /** When set, the only packages the layer may import. */
  allowedPackages?: RegExp;
};

const RULES: Partial<Record<Layer, Rule>> = {
  protocol: {
    forbiddenLayers: [
      "gateway",
      "store",
      "react",
      "channels",
      "testing",
      "openclaw",
      "ai-sdk",
      "mcp",
      "langgraph",
      "ag-ui",
    ],
    forbidsReact: true,
    forbidsDom: true,
    onlyLayers: ["protocol"],
  },
  gateway: {
    forbiddenLayers: [
      "store",
      "react",
      "channels",
      "testing",
      "openclaw",
      "ai-sdk",
      "mcp",
      "langgraph",
      "ag-ui",
    ],
    forbidsReact: true,
    forbidsDom: false,
  },
  store: {
    forbiddenLayers: [
      "react",
      "channels",
      "testing",
      "openclaw",
      "ai-sdk",
      "mcp",
      "langgraph",
      "ag-ui",
    ],
    forbidsReact: true,
    forbidsDom: false,
  },
  channels: {
    forbiddenLayers: [
      "gateway",
      "store",
      "react",
      "testing",
      "openclaw",
      "ai-sdk",
      "mcp",
      "langgraph",
      "ag-ui",
    ],
    forbidsReact: true,
    forbidsDom: true,
    onlyLayers: ["channels", "protocol"],
  },
  testing: {
    forbiddenLayers: [
      "store",
      "react",
      "channels",
      "openclaw",
      "ai-sdk",
      "mcp",
      "langgraph",
      "ag-ui",
    ],
    forbidsReact: true,
    forbidsDom: false,
  },
  // The Control UI host adapter sits on top: it may use every layer, and nothing uses it.
  openclaw: {
    forbiddenLayers: ["channels", "testing", "ai-sdk", "mcp", "langgraph", "ag-ui"],
    forbidsReact: false,
    forbidsDom: false,
  },
  // The Vercel AI SDK adapter is a room of its own: the rules and the store, its SDK, no UI
  // (its React half, src/ai-sdk/react, follows AI_SDK_REACT_RULE).
  "ai-sdk": {
    forbiddenLayers: [
      "gateway",
      "react",
      "channels",
      "testing",
      "openclaw",
      "mcp",
      "langgraph",
      "ag-ui",
    ],
    forbidsReact: true,
    forbidsDom: true,
    allowedPackages: /^ai(?:\/|$)/,
  },
  // The MCP adapter, the same kind of room: the rules and the store, the MCP SDK, no UI.
  mcp: {
    forbiddenLayers: [
      "gateway",
      "react",
      "channels",
      "testing",
      "openclaw",
      "ai-sdk",
      "langgraph",
      "ag-ui",
    ],
    forbidsReact: true,
    forbidsDom: true,
    allowedPackages: /^@modelcontextprotocol\/sdk(?:\/|$)/,
  },
  // The LangGraph adapter, the same kind of room: the rules and the store, no UI; its agent
  // half (src/langgraph/agent) runs in the LangGraph server with LangChain's packages.
  langgraph: {
    forbiddenLayers: [
      "gateway",
      "react",
      "channels",
      "testing",
      "openclaw",
      "ai-sdk",
      "mcp",
      "ag-ui",
    ],
    forbidsReact: true,
    forbidsDom: true,
    allowedPackages: /^@langchain\/(?:core|langgraph)(?:\/|$)/,
  },
  // The AG-UI adapter, the same kind of room: the rules and the store, no UI, and no package: it
  // reads the agent by the shapes it declares, so a host's own `@ag-ui/client` is the only copy.
  "ag-ui": {
    forbiddenLayers: [
      "gateway",
      "react",
      "channels",
      "testing",
      "openclaw",
      "ai-sdk",
      "mcp",
      "langgraph",
      "notify",
    ],
    forbidsReact: true,
    forbidsDom: true,
    allowedPackages: /^$/,
  },
  // Answers from OS notifications: the page's side reads the store and shows notifications (DOM),
  // the worker's side reads the protocol only; no UI (its React half, src/notify/react, follows
  // NOTIFY_REACT_RULE) and no connection.
  notify: {
    forbiddenLayers: [
      "gateway",
      "react",
      "channels",
      "testing",
      "openclaw",
      "ai-sdk",
      "mcp",
      "langgraph",
      "ag-ui",
    ],
    forbidsReact: true,
    forbidsDom: false,
    allowedPackages: /^zustand(?:\/|$)/,
  },
};

/** The adapter's React half: the kit's React layer and React itself, never a connection. */
const AI_SDK_REACT_RULE: Rule = {
  forbiddenLayers: ["gateway", "channels", "testing", "openclaw", "mcp", "ag-ui"],
  forbidsReact: false,
  forbidsDom: false,
  allowedPackages: /^(?:ai|react|zustand)(?:\/|$)/,
};
const AI_SDK_REACT = join(SOURCE, "ai-sdk", "react");

/** The LangGraph adapter's React half: the same, with `@langchain/react` for its stream. */
const LANGGRAPH_REACT_RULE: Rule = {
  forbiddenLayers: ["gateway", "channels", "testing", "openclaw", "ai-sdk", "mcp", "ag-ui"],
  forbidsReact: false,
  forbidsDom: false,
  allowedPackages: /^(?:react|zustand|@langchain\/react)(?:\/|$)/,
};
const LANGGRAPH_REACT = join(SOURCE, "langgraph", "react");

/** The notifications' React half: the switch and the provider of it, over the kit's React layer. */
const NOTIFY_REACT_RULE: Rule = {
  forbiddenLayers: [
    "gateway",
    "channels",
    "testing",
    "openclaw",
    "ai-sdk",
    "mcp",
    "langgraph",
    "ag-ui",
  ],
  forbidsReact: false,
  forbidsDom: false,
  allowedPackages: /^(?:react|zustand)(?:\/|$)/,
};
const NOTIFY_REACT = join(SOURCE, "notify", "react");

/** The AG-UI adapter's React half: the kit's React layer and React, never a connection. */
const AG_UI_REACT_RULE: Rule = {
  forbiddenLayers: ["gateway", "channels", "testing", "openclaw", "ai-sdk", "mcp", "langgraph"],
  forbidsReact: false,
  forbidsDom: false,
  allowedPackages: /^(?:react|zustand)(?:\/|$)/,
};
const AG_UI_REACT = join(SOURCE, "ag-ui", "react");

/** Every layering violation in one file's text. */
function violationsOf(
  layer: Layer,
  file: string,
  text: string,
  rule: Rule | undefined = RULES[layer],
): string[] {
  if (rule === undefined) return [];
  const name = relative(ROOT, file);
  const violations: string[] = [];
  for (const specifier of importsOf(text)) {
    const target = targetOf(file, specifier);
    if (target.layer !== null && rule.forbiddenLayers.includes(target.layer)) {
      violations.push(`${name} imports the higher layer ${target.layer} ('${specifier}')`);
    }
    if (
      target.packageName !== null &&
      rule.forbidsReact &&
      REACT_PACKAGES.test(target.packageName)
    ) {
      violations.push(`${name} imports React ('${specifier}')`);
    }
    if (
      target.packageName !== null &&
      layer === "protocol" &&
      /^zustand(?:\/|$)/.test(target.packageName)
    ) {
      violations.push(`${name} imports zustand ('${specifier}')`);
    }
    if (rule.onlyLayers !== undefined && target.packageName !== null) {
      violations.push(
        `${name} imports the package '${specifier}'; only ${rule.onlyLayers.join(", ")} allowed`,
      );
    }
    if (
      rule.allowedPackages !== undefined &&
      target.packageName !== null &&
      !rule.allowedPackages.test(target.packageName)
    ) {
      violations.push(`${name} imports the package '${specifier}', which its room does not use`);
    }
  }
  if (rule.forbidsDom) {
    for (const global of domGlobalsUsedIn(text))
      violations.push(`${name} uses the DOM global ${global}`);
  }
  return violations;
}

describe("given the scanner", () => {
  const protocolFile = join(SOURCE, "protocol", "example.ts");
  const channelFile = join(SOURCE, "channels", "example.ts");

  it("should catch React, higher layers and dynamic imports in the protocol layer", () => {
    const text = [
      'import { useState } from "react";',
      "import type { Store } from '../store/types';",
      'export { client } from "../gateway";',
      'const later = () => import("../react/provider");',
      'import { create } from "zustand";',
    ].join("\n");
    expect(violationsOf("protocol", protocolFile, text).sort()).toEqual(
      [
        "src/protocol/example.ts imports React ('react')",
        "src/protocol/example.ts imports the package 'react'; only protocol allowed",
        "src/protocol/example.ts imports the higher layer store ('../store/types')",
        "src/protocol/example.ts imports the higher layer gateway ('../gateway')",
        "src/protocol/example.ts imports the higher layer react ('../react/provider')",
        "src/protocol/example.ts imports zustand ('zustand')",
        "src/protocol/example.ts imports the package 'zustand'; only protocol allowed",
      ].sort(),
    );
  });

  it("should catch DOM globals but not the same words in strings, comments or properties", () => {
    expect(violationsOf("protocol", protocolFile, "const x = window.location;")).toEqual([
      "src/protocol/example.ts uses the DOM global window",
    ]);
    expect(
      violationsOf(
        "protocol",
        protocolFile,
        'const x = "window"; // document\nthing.localStorage;',
      ),
    ).toEqual([]);
  });

  it("should allow only protocol imports in channels", () => {
    expect(violationsOf("channels", channelFile, 'import { parse } from "../protocol";')).toEqual(
      [],
    );
    expect(violationsOf("channels", channelFile, 'import { x } from "../store";')).toHaveLength(1);
    expect(violationsOf("channels", channelFile, 'import x from "left-pad";')).toHaveLength(1);
  });

  it("should allow only protocol, store and the ai package in ai-sdk", () => {
    const adapterFile = join(SOURCE, "ai-sdk", "example.ts");
    const allowed = [
      'import { tool } from "ai";',
      'import { MockLanguageModelV3 } from "ai/test";',
      'import { normalizeAskUserInput } from "../protocol/normalize-ask-user-input";',
      'import type { QuestionSource } from "../store/types";',
    ].join("\n");
    expect(violationsOf("ai-sdk", adapterFile, allowed)).toEqual([]);
    const forbidden = [
      'import { createGatewayClient } from "../gateway/client";',
      'import { QuestionDock } from "../react/dock";',
      'import { z } from "zod";',
      'import { useChat } from "@ai-sdk/react";',
    ].join("\n");
    expect(violationsOf("ai-sdk", adapterFile, forbidden)).toEqual([
      "src/ai-sdk/example.ts imports the higher layer gateway ('../gateway/client')",
      "src/ai-sdk/example.ts imports the higher layer react ('../react/dock')",
      "src/ai-sdk/example.ts imports the package 'zod', which its room does not use",
      "src/ai-sdk/example.ts imports the package '@ai-sdk/react', which its room does not use",
    ]);
  });
});

describe("given the source tree", () => {
  for (const layer of LAYERS) {
    if (RULES[layer] === undefined) continue;
    it(`should keep src/${layer} within its layer`, () => {
      const violations = sourceFiles(layer).flatMap((file) =>
        violationsOf(
          layer,
          file,
          readFileSync(file, "utf8"),
          isInside(AI_SDK_REACT, file)
            ? AI_SDK_REACT_RULE
            : isInside(LANGGRAPH_REACT, file)
              ? LANGGRAPH_REACT_RULE
              : isInside(NOTIFY_REACT, file)
                ? NOTIFY_REACT_RULE
                : isInside(AG_UI_REACT, file)
                  ? AG_UI_REACT_RULE
                  : RULES[layer],
        ),
      );
      expect(violations).toEqual([]);
    });
  }
});

const DEMO = join(SOURCE, "demo");
/** What the demo page may import from the kit: its package entries, as a host would. */
const PUBLIC_ENTRIES = new Set(
  [
    "index",
    ...LAYERS.map((layer) => `${layer}/index`),
    // `ask-user-kit/locales/*` and `ask-user-kit/style.css`.
    ...readdirSync(join(SOURCE, "locales")).map((file) => `locales/${file.replace(/\.ts$/, "")}`),
    "react/styles.css",
    "ai-sdk/react/index",
    "langgraph/react/index",
    "langgraph/agent/index",
    "notify/react/index",
    "ag-ui/react/index",
  ].map((entry) => join(SOURCE, entry)),
);

function demoFiles(): string[] {
  return readdirSync(DEMO, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(?:ts|tsx)$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

describe("given the demo page in src/demo", () => {
  it("should reach the kit only through its public entries", () => {
    const violations = demoFiles().flatMap((file) =>
      importsOf(readFileSync(file, "utf8"))
        .filter((specifier) => specifier.startsWith("."))
        .map((specifier) => resolve(dirname(file), specifier))
        .filter((target) => !target.startsWith(DEMO) && !PUBLIC_ENTRIES.has(target))
        .map((target) => `${relative(ROOT, file)} imports ${relative(ROOT, target)}`),
    );
    expect(violations).toEqual([]);
  });

  it("should never be imported by the kit", () => {
    const violations = LAYERS.flatMap((layer) =>
      sourceFiles(layer).flatMap((file) =>
        importsOf(readFileSync(file, "utf8"))
          .filter((specifier) => resolve(dirname(file), specifier).startsWith(DEMO))
          .map((specifier) => `${relative(ROOT, file)} imports '${specifier}'`),
      ),
    );
    expect(violations).toEqual([]);
  });
});

function isInside(directory: string, path: string): boolean {
  const inner = relative(directory, path);
  return !inner.startsWith("..") && !isAbsolute(inner);
}

/** Every source file in src outside `directory`, the package entries and the demo included. */
function sourceFilesOutside(directory: string): string[] {
  return readdirSync(SOURCE, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(?:ts|tsx|mts)$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((file) => !isInside(directory, file));
}

describe("given the AI SDK adapter in src/ai-sdk", () => {
  const ADAPTER = join(SOURCE, "ai-sdk");

  // The demo is a host: it reaches the adapter through its package entries (checked above).
  const others = () => sourceFilesOutside(ADAPTER).filter((file) => !isInside(DEMO, file));

  it("should be imported by nothing else in src", () => {
    const violations = others().flatMap((file) =>
      importsOf(readFileSync(file, "utf8"))
        .filter((specifier) => specifier.startsWith("."))
        .filter((specifier) => isInside(ADAPTER, resolve(dirname(file), specifier)))
        .map((specifier) => `${relative(ROOT, file)} imports '${specifier}'`),
    );
    expect(violations).toEqual([]);
  });

  it("should be the only place in src that imports the ai package", () => {
    const violations = others().flatMap((file) =>
      importsOf(readFileSync(file, "utf8"))
        .filter((specifier) => /^ai(?:\/|$)/.test(specifier))
        .map((specifier) => `${relative(ROOT, file)} imports '${specifier}'`),
    );
    expect(violations).toEqual([]);
  });
});

describe("given the adapter's entry for servers (ask-user-kit/ai-sdk)", () => {
  it("should load no React, so a route handler can import askUserTool", () => {
    const seen = new Set<string>();
    const reached: string[] = [];
    const visit = (file: string): void => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const specifier of importsOf(readFileSync(file, "utf8"))) {
        if (!specifier.startsWith(".")) {
          if (REACT_PACKAGES.test(specifier)) reached.push(`${relative(ROOT, file)}: ${specifier}`);
          continue;
        }
        const base = resolve(dirname(file), specifier);
        const target = [".ts", ".tsx", "/index.ts"].map((ending) => base + ending).find(existsSync);
        if (target !== undefined) visit(target);
      }
    };
    visit(join(SOURCE, "ai-sdk", "index.ts"));
    expect(seen.size).toBeGreaterThan(5);
    expect(reached).toEqual([]);
  });
});

/** Files in src, the demo aside (a host of the public entries), that import from `adapter`. */
function importersOf(adapter: string): string[] {
  return sourceFilesOutside(adapter)
    .filter((file) => !isInside(DEMO, file))
    .flatMap((file) =>
      importsOf(readFileSync(file, "utf8"))
        .filter((specifier) => specifier.startsWith("."))
        .filter((specifier) => isInside(adapter, resolve(dirname(file), specifier)))
        .map((specifier) => `${relative(ROOT, file)} imports '${specifier}'`),
    );
}

describe("given the MCP adapter in src/mcp", () => {
  const ADAPTER = join(SOURCE, "mcp");

  it("should be imported by nothing else in src but the demo's public entry use", () => {
    expect(importersOf(ADAPTER)).toEqual([]);
  });
});

describe("given the LangGraph adapter in src/langgraph", () => {
  const ADAPTER = join(SOURCE, "langgraph");

  it("should be imported by nothing else in src but the demo's public entry use", () => {
    expect(importersOf(ADAPTER)).toEqual([]);
  });

  it("should keep LangChain's packages in its agent half, which no browser entry loads", () => {
    const agent = join(ADAPTER, "agent");
    const violations = sourceFilesOutside(agent)
      .filter((file) => isInside(ADAPTER, file))
      .flatMap((file) =>
        importsOf(readFileSync(file, "utf8"))
          .filter((specifier) => /^@langchain\/(?:core|langgraph)(?:\/|$)/.test(specifier))
          .map((specifier) => `${relative(ROOT, file)} imports '${specifier}'`),
      );
    expect(violations).toEqual([]);
  });
});
