import { TIMERS } from "@reachout/contract/constants";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { TAGLINES } from "../content";
import { RotatingTagline } from "./rotating-tagline";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const shown = () => screen.getByTestId("tagline").textContent;

describe("RotatingTagline", () => {
  it("has seven taglines, one of them about disappointing parents", () => {
    expect(TAGLINES).toHaveLength(7);
    expect(TAGLINES.some((tagline) => tagline.includes("parents"))).toBe(true);
  });

  it("shows the next tagline every 2 seconds and starts over after the seventh", () => {
    render(<RotatingTagline />);
    expect(shown()).toBe(`${TAGLINES[0]}.`);
    act(() => vi.advanceTimersByTime(TIMERS.taglineRotateMs));
    expect(shown()).toBe(`${TAGLINES[1]}.`);
    act(() => vi.advanceTimersByTime(TIMERS.taglineRotateMs * 6));
    expect(shown()).toBe(`${TAGLINES[0]}.`);
  });

  it("stops rotating when paused and starts again when played", () => {
    render(<RotatingTagline />);
    fireEvent.click(screen.getByRole("button", { name: "Pause rotating taglines" }));
    act(() => vi.advanceTimersByTime(TIMERS.taglineRotateMs * 3));
    expect(shown()).toBe(`${TAGLINES[0]}.`);
    fireEvent.click(screen.getByRole("button", { name: "Play rotating taglines" }));
    act(() => vi.advanceTimersByTime(TIMERS.taglineRotateMs));
    expect(shown()).toBe(`${TAGLINES[1]}.`);
  });

  it("gives screen readers every tagline once instead of announcing each change", () => {
    const { container } = render(<RotatingTagline />);
    expect(container.textContent).toContain(`Reachout helps you${TAGLINES.join(", ")}.`);
    expect(screen.getByTestId("tagline").closest("[aria-hidden]")).not.toBeNull();
  });
});
