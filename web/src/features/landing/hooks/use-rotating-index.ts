import { useEffect, useState } from "react";

/** Steps through 0..length-1 every `intervalMs`, wrapping around; holds still while paused. */
export function useRotatingIndex(length: number, intervalMs: number, paused = false): number {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    if (paused || length < 2) return;
    const timer = setInterval(() => setIndex((current) => (current + 1) % length), intervalMs);
    return () => clearInterval(timer);
  }, [length, intervalMs, paused]);
  return index;
}
