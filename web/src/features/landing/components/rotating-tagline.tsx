import { TIMERS } from "@reachout/contract/constants";
import { Pause, Play } from "lucide-react";
import { useState } from "react";
import { cn } from "../../../lib/cn";
import { TAGLINES } from "../content";
import { useRotatingIndex } from "../hooks/use-rotating-index";

/**
 * "Reachout helps you …" with a phrase that changes every 2 s. Every phrase sits in the same
 * grid cell so the line keeps the height of the longest one and the page never jumps; screen
 * readers get the whole list once instead of a change every 2 s. The pause button lets anyone
 * stop the movement (WCAG 2.2.2).
 */
export function RotatingTagline({ className }: { className?: string }) {
  const [paused, setPaused] = useState(false);
  const index = useRotatingIndex(TAGLINES.length, TIMERS.taglineRotateMs, paused);
  return (
    <div className={className}>
      <p className="flex items-center gap-3 text-xl font-semibold text-slate-700 sm:text-3xl lg:text-2xl xl:text-3xl">
        Reachout helps you
        <span className="sr-only">{TAGLINES.join(", ")}.</span>
        <button
          type="button"
          onClick={() => setPaused((value) => !value)}
          aria-label={paused ? "Play rotating taglines" : "Pause rotating taglines"}
          title={paused ? "Play" : "Pause"}
          className="rounded-full border border-slate-200 bg-white/70 p-1.5 text-slate-500 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          {paused ? (
            <Play className="size-3" aria-hidden />
          ) : (
            <Pause className="size-3" aria-hidden />
          )}
        </button>
      </p>
      {/* On a phone the longest phrase still fits one line, so the cell sized for it leaves no
          empty line under a short one. */}
      <p
        className="grid text-base font-bold min-[430px]:text-xl sm:text-3xl lg:text-2xl xl:text-3xl"
        aria-hidden
      >
        {TAGLINES.map((tagline, i) => (
          <span
            key={tagline}
            data-testid={i === index ? "tagline" : undefined}
            className={cn(
              "[grid-area:1/1] bg-gradient-to-r from-brand-600 via-violet-600 to-fuchsia-600 bg-clip-text pb-1 text-transparent",
              i === index ? "animate-fade-in" : "invisible",
            )}
          >
            {tagline}.
          </span>
        ))}
      </p>
    </div>
  );
}
