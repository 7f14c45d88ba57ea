import { act, renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { useMobileReveal } from "./use-mobile-reveal";

// happy-dom evaluates media queries against this viewport.
const setViewport = (width: number, height = 800) =>
  (
    window as unknown as {
      happyDOM: { setViewport(size: { width: number; height: number }): void };
    }
  ).happyDOM.setViewport({ width, height });

const scrollTo = (y: number) =>
  act(() => {
    Object.defineProperty(window, "scrollY", { value: y, configurable: true });
    window.dispatchEvent(new Event("scroll"));
  });

afterEach(() => {
  setViewport(1024, 768);
  Object.defineProperty(window, "scrollY", { value: 0, configurable: true });
});

describe("useMobileReveal", () => {
  it("is revealed at once on screens of 768 px and wider", () => {
    setViewport(768);
    const { result } = renderHook(() => useMobileReveal(0.3));
    expect(result.current).toBe(true);
  });

  it("under 768 px waits for a scroll past 30% of the viewport height, then stays", () => {
    setViewport(390, 1000);
    const { result } = renderHook(() => useMobileReveal(0.3));
    expect(result.current).toBe(false);
    scrollTo(300);
    expect(result.current).toBe(false);
    scrollTo(301);
    expect(result.current).toBe(true);
    scrollTo(0);
    expect(result.current).toBe(true);
  });
});
