// Type-checked where the host's module setting takes import attributes (bundler, nodenext).
import manifest from "ask-user-kit/package.json" with { type: "json" };

export const version: string = manifest.version;
