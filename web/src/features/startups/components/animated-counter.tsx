import { useEffect, useState } from "react";

const DURATION_MS = 1400;

function prefersReducedMotion(): boolean {
  return (
    typeof window !== "undefined" && window.matchMedia?.("(prefers-reduced-motion: reduce)").matches
  );
}

/** Counts up from 0 to `value` once (ease-out); shows the final value at once for reduced motion. */
export function useCountUp(value: number): number {
  const [shown, setShown] = useState(() => (prefersReducedMotion() ? value : 0));
  useEffect(() => {
    if (prefersReducedMotion() || typeof requestAnimationFrame === "undefined") {
      setShown(value);
      return;
    }
    let frame = 0;
    const start = performance.now();
    const tick = (now: number) => {
      const progress = Math.min(1, (now - start) / DURATION_MS);
      setShown(Math.round(value * (1 - (1 - progress) ** 3)));
      if (progress < 1) frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [value]);
  return shown;
}

export function AnimatedCounter({
  value,
  suffix,
  label,
}: {
  value: number;
  suffix: string;
  label: string;
}) {
  const shown = useCountUp(value);
  return (
    <div className="rounded-2xl border border-white/15 bg-white/10 px-4 py-3 text-center backdrop-blur">
      {/* Screen readers get the final figure once, not every frame of the animation. */}
      <p className="text-2xl font-bold tabular-nums text-white sm:text-3xl" aria-hidden>
        {shown}
        {suffix}
      </p>
      <p
        className="text-xs font-medium uppercase tracking-wide text-brand-100 sm:text-sm"
        aria-hidden
      >
        {label}
      </p>
      <p className="sr-only">
        {value}
        {suffix} {label}
      </p>
    </div>
  );
}
