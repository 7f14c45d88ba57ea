import { cn } from "../../../lib/cn";
import { EMPLOYERS, UNIVERSITIES, type Wordmark } from "../content";
import { useMobileReveal } from "../hooks/use-mobile-reveal";

function Marks({ items, hidden }: { items: Wordmark[]; hidden?: boolean }) {
  return (
    <ul
      aria-hidden={hidden || undefined}
      className={cn(
        "flex shrink-0 items-center gap-12 pr-12 motion-reduce:w-full motion-reduce:shrink motion-reduce:flex-wrap motion-reduce:justify-center motion-reduce:gap-x-10 motion-reduce:gap-y-4 motion-reduce:px-6",
        hidden && "motion-reduce:hidden",
      )}
    >
      {items.map((item) => (
        <li
          key={item.name}
          className={cn("whitespace-nowrap text-lg text-slate-500 sm:text-xl", item.style)}
        >
          {item.name}
        </li>
      ))}
    </ul>
  );
}

/** One infinitely scrolling row: the list twice, moved by half its width, paused on hover. */
function Strip({ label, items, reverse }: { label: string; items: Wordmark[]; reverse?: boolean }) {
  return (
    <div>
      <h3 className="text-center text-xs font-semibold uppercase tracking-[0.2em] text-slate-500">
        {label}
      </h3>
      <div className="mt-5 overflow-hidden [mask-image:linear-gradient(to_right,transparent,black_12%,black_88%,transparent)] motion-reduce:[mask-image:none]">
        <div
          className={cn(
            "flex w-max animate-marquee hover:[animation-play-state:paused] motion-reduce:w-auto motion-reduce:animate-none motion-reduce:justify-center",
            reverse && "[animation-direction:reverse]",
          )}
        >
          <Marks items={items} />
          <Marks items={items} hidden />
        </div>
      </div>
    </div>
  );
}

/** Universities and employers; on phones the section fades in after 30% of a screen of scroll. */
export function LogoStrips() {
  const revealed = useMobileReveal(0.3);
  return (
    <section
      aria-labelledby="logos-heading"
      data-testid="logo-section"
      data-revealed={revealed}
      className={cn(
        "border-y border-slate-200 bg-white py-12 transition-opacity duration-700",
        revealed ? "opacity-100" : "opacity-0",
      )}
    >
      <h2 id="logos-heading" className="sr-only">
        Students and employers
      </h2>
      <div className="mx-auto flex max-w-6xl flex-col gap-10">
        <Strip label="Trusted by students at" items={UNIVERSITIES} />
        <Strip label="Landing interviews at" items={EMPLOYERS} reverse />
      </div>
    </section>
  );
}
