import "./react/styles.css";

export * from "./gateway/index";
export * from "./protocol/index";
export * from "./react/index";
export * from "./store/index";
