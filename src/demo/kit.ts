// The kit's public API as the demo uses it (the package's "." entry).
export * from "../index";
