// The `ask-user-kit/gateway` entry: the client the browser entry has, plus the Node socket
// factory, which loads `ws` only when called and so stays out of the browser entry altogether.
export * from "./index";
export { createWsSocketFactory } from "./ws-socket-factory";
