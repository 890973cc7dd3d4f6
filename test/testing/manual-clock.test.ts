import { describe, expect, it } from "vitest";
import { FIXTURE_NOW_MS } from "../../src/testing/fixtures";
import { createManualClock } from "../../src/testing/manual-clock";

describe("given a manual clock", () => {
  it("should start at the fixtures' now unless told otherwise", () => {
    expect(createManualClock().now()).toBe(FIXTURE_NOW_MS);
    expect(createManualClock(5_000).now()).toBe(5_000);
  });

  it("should fire due timers earliest first, each at its own time, when advanced", () => {
    const clock = createManualClock(0);
    const fired: string[] = [];
    clock.setTimeout(() => fired.push(`late@${clock.now()}`), 300);
    clock.setTimeout(() => fired.push(`early@${clock.now()}`), 100);
    clock.setTimeout(() => fired.push(`never@${clock.now()}`), 1_000);
    clock.advance(500);
    expect(fired).toEqual(["early@100", "late@300"]);
    expect(clock.now()).toBe(500);
  });

  it("should fire a timer scheduled by a firing timer when it falls inside the same advance", () => {
    const clock = createManualClock(0);
    const fired: number[] = [];
    clock.setTimeout(() => {
      fired.push(clock.now());
      clock.setTimeout(() => fired.push(clock.now()), 100);
    }, 100);
    clock.advance(250);
    expect(fired).toEqual([100, 200]);
  });

  it("should fire due timers when set to a later time", () => {
    const clock = createManualClock(0);
    const fired: number[] = [];
    clock.setTimeout(() => fired.push(clock.now()), 100);
    clock.set(1_000);
    expect(fired).toEqual([100]);
    expect(clock.now()).toBe(1_000);
  });

  it("should move time without firing anything when jumped", () => {
    const clock = createManualClock(0);
    const fired: number[] = [];
    clock.setTimeout(() => fired.push(clock.now()), 100);
    clock.jump(500);
    expect(fired).toEqual([]);
    expect(clock.now()).toBe(500);
    clock.advance(0);
    expect(fired).toEqual([500]);
  });

  it("should never fire a cleared timer", () => {
    const clock = createManualClock(0);
    const fired: number[] = [];
    const handle = clock.setTimeout(() => fired.push(clock.now()), 100);
    clock.clearTimeout(handle);
    clock.advance(200);
    expect(fired).toEqual([]);
  });
});
