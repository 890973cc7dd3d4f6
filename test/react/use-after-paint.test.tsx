import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useAfterPaint } from "../../src/demo/use-after-paint";

describe("a demo side pane's value after the paint", () => {
  beforeEach(() => {
    vi.useFakeTimers({
      toFake: ["requestAnimationFrame", "cancelAnimationFrame", "setTimeout", "clearTimeout"],
    });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("keeps the old value through the frame that shows a change, and takes the new one after it", () => {
    const { result, rerender } = renderHook(({ value }) => useAfterPaint(value), {
      initialProps: { value: "none" },
    });
    rerender({ value: "question" });
    expect(result.current).toBe("none");
    act(() => {
      vi.runOnlyPendingTimers();
    });
    // The frame's own callbacks have run; its paint comes before the task they queued.
    expect(result.current).toBe("none");
    act(() => {
      vi.runOnlyPendingTimers();
    });
    expect(result.current).toBe("question");
  });

  it("drops a change the page moved past before it painted", () => {
    const { result, rerender } = renderHook(({ value }) => useAfterPaint(value), {
      initialProps: { value: "none" },
    });
    rerender({ value: "first" });
    rerender({ value: "second" });
    act(() => {
      vi.runAllTimers();
    });
    expect(result.current).toBe("second");
  });
});
