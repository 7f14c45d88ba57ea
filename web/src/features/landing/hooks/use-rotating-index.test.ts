import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useRotatingIndex } from "./use-rotating-index";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("useRotatingIndex", () => {
  it("moves to the next index every interval and wraps after the last", () => {
    const { result } = renderHook(() => useRotatingIndex(3, 2000));
    expect(result.current).toBe(0);
    act(() => vi.advanceTimersByTime(1999));
    expect(result.current).toBe(0);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe(1);
    act(() => vi.advanceTimersByTime(2000));
    expect(result.current).toBe(2);
    act(() => vi.advanceTimersByTime(2000));
    expect(result.current).toBe(0);
  });

  it("holds still while paused and resumes from the same index", () => {
    const { result, rerender } = renderHook(({ paused }) => useRotatingIndex(7, 2000, paused), {
      initialProps: { paused: false },
    });
    act(() => vi.advanceTimersByTime(2000));
    expect(result.current).toBe(1);
    rerender({ paused: true });
    act(() => vi.advanceTimersByTime(10_000));
    expect(result.current).toBe(1);
    rerender({ paused: false });
    act(() => vi.advanceTimersByTime(2000));
    expect(result.current).toBe(2);
  });
});
