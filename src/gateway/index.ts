export { type Clock, systemClock, type TimerHandle } from "./clock";
export type * from "./types";
