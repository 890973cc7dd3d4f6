export { createWsSocketFactory } from "../gateway/ws-socket-factory";
