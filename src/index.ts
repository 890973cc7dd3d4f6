export * from "./gateway/index";
export * from "./protocol/index";
export * from "./store/index";
