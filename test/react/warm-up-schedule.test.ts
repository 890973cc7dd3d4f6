import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { REWARM_AFTER_MS, scheduleWarmUps } from "../../src/react/warm-up/warm-up-schedule";

const IDLE_WAIT_MS = 2000;
const MINUTE_MS = 60_000;
let visibility: DocumentVisibilityState = "visible";

function setVisibility(next: DocumentVisibilityState): void {
  visibility = next;
  document.dispatchEvent(new Event("visibilitychange"));
}

beforeEach(() => {
  vi.useFakeTimers();
  visibility = "visible";
  vi.spyOn(document, "visibilityState", "get").mockImplementation(() => visibility);
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function start() {
  const warm = vi.fn();
  const schedule = scheduleWarmUps(warm, () => Date.now());
  return { warm, schedule };
}

describe("given a page that has loaded", () => {
  it("should rehearse once when idle, then again only after a long stretch with no question", () => {
    const { warm, schedule } = start();
    vi.advanceTimersByTime(IDLE_WAIT_MS);
    expect(warm).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(REWARM_AFTER_MS - MINUTE_MS);
    expect(warm).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(MINUTE_MS + IDLE_WAIT_MS);
    expect(warm).toHaveBeenCalledTimes(2);
    schedule.stop();
  });

  it("should count a question shown as warm", () => {
    const { warm, schedule } = start();
    vi.advanceTimersByTime(IDLE_WAIT_MS);
    vi.advanceTimersByTime(REWARM_AFTER_MS - MINUTE_MS);
    schedule.touch();
    vi.advanceTimersByTime(REWARM_AFTER_MS - MINUTE_MS);
    expect(warm).toHaveBeenCalledTimes(1);
    schedule.stop();
  });
});

describe("given a page hidden for a while", () => {
  it("should not rehearse while hidden, and rehearse on return only after a long absence", () => {
    const { warm, schedule } = start();
    vi.advanceTimersByTime(IDLE_WAIT_MS);
    setVisibility("hidden");
    vi.advanceTimersByTime(REWARM_AFTER_MS * 3);
    expect(warm).toHaveBeenCalledTimes(1);
    setVisibility("visible");
    vi.advanceTimersByTime(IDLE_WAIT_MS);
    expect(warm).toHaveBeenCalledTimes(2);

    setVisibility("hidden");
    vi.advanceTimersByTime(MINUTE_MS);
    setVisibility("visible");
    vi.advanceTimersByTime(IDLE_WAIT_MS);
    expect(warm).toHaveBeenCalledTimes(2);
    schedule.stop();
  });

  it("should not rehearse at all when it loads hidden, until it is shown", () => {
    visibility = "hidden";
    const { warm, schedule } = start();
    vi.advanceTimersByTime(REWARM_AFTER_MS * 2);
    expect(warm).not.toHaveBeenCalled();
    setVisibility("visible");
    vi.advanceTimersByTime(IDLE_WAIT_MS);
    expect(warm).toHaveBeenCalledTimes(1);
    schedule.stop();
  });
});
