import { Rocket } from "lucide-react";
import { SearchInput } from "../../../components/ui/search-input";
import { AnimatedCounter } from "./animated-counter";

/** The spec's marketing counters (§2, §9), not live figures. */
const COUNTERS = [
  { value: 1000, suffix: "+", label: "Startups" },
  { value: 2500, suffix: "+", label: "Founders" },
  { value: 80, suffix: "B+", label: "Funding Raised" },
  { value: 6, suffix: "x", label: "Response Rate" },
] as const;

export function StartupsHero({
  query,
  onQueryChange,
}: {
  query: string;
  onQueryChange: (query: string) => void;
}) {
  return (
    <section className="overflow-hidden rounded-3xl bg-linear-to-br from-brand-700 via-brand-600 to-violet-600 px-4 py-10 text-white shadow-lg sm:px-10 sm:py-12">
      <div className="mx-auto max-w-3xl text-center">
        <span className="inline-flex items-center gap-2 rounded-full bg-white/15 px-3 py-1 text-xs font-semibold uppercase tracking-wide">
          <Rocket className="size-4" aria-hidden />
          Recently funded startups
        </span>
        <h1 className="mt-4 text-3xl font-extrabold tracking-tight sm:text-5xl">
          Speak With Startup Founders
        </h1>
        <p className="mt-3 text-base text-brand-100 sm:text-lg">
          Founders who just raised are hiring. Write to them from your own Gmail with an email built
          from your resume.
        </p>
        <SearchInput
          className="mx-auto mt-6 max-w-xl"
          iconClassName="left-3 size-5 sm:left-4"
          value={query}
          onChange={(event) => onQueryChange(event.target.value)}
          placeholder="Search startups, founders, or locations..."
          aria-label="Search startups, founders, or locations"
          // The spec's placeholder (§2) is long: on a phone it is drawn a little smaller (the typed text
          // stays 16 px, so iOS does not zoom in) so it is not cut off after "or".
          inputClassName="h-12 w-full rounded-xl border-0 bg-white pl-10 pr-3 text-base text-slate-900 shadow-md placeholder:text-sm placeholder:tracking-tight placeholder:text-slate-500 focus:outline-none focus:ring-4 focus:ring-white/40 sm:pl-12 sm:pr-4 sm:placeholder:text-base sm:placeholder:tracking-normal"
        />
      </div>
      <div className="mx-auto mt-8 grid max-w-3xl grid-cols-2 gap-3 sm:grid-cols-4">
        {COUNTERS.map((counter) => (
          <AnimatedCounter key={counter.label} {...counter} />
        ))}
      </div>
    </section>
  );
}
