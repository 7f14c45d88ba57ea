import { MESSAGES } from "@reachout/contract/messages";
import { ArrowRight, Sparkles } from "lucide-react";
import { Link } from "react-router";
import { AgentPreview } from "./agent-preview";
import { RotatingTagline } from "./rotating-tagline";
import { TrustBadges } from "./trust-badges";

export function Hero() {
  return (
    <section
      aria-labelledby="hero-heading"
      className="relative overflow-hidden bg-gradient-to-b from-brand-50 via-white to-slate-50"
    >
      <div
        aria-hidden
        className="pointer-events-none absolute -top-40 right-[-10%] size-[36rem] rounded-full bg-violet-200/40 blur-3xl"
      />
      <div
        aria-hidden
        className="pointer-events-none absolute -left-40 top-40 size-[28rem] rounded-full bg-brand-100/60 blur-3xl"
      />
      <div className="relative mx-auto grid max-w-6xl grid-cols-1 items-center gap-12 px-6 pb-16 pt-12 sm:pt-20 lg:grid-cols-[1.2fr_0.8fr] lg:pb-24">
        <div className="min-w-0">
          <p className="inline-flex items-center gap-2 rounded-full border border-brand-100 bg-white px-3 py-1 text-xs font-medium sm:text-sm text-brand-700 shadow-sm">
            <Sparkles className="size-4" aria-hidden />
            {MESSAGES.landing.heroBadge}
          </p>
          <h1
            id="hero-heading"
            className="mt-6 text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl lg:text-6xl"
          >
            {MESSAGES.landing.headline}
          </h1>
          <RotatingTagline className="mt-5" />
          <p className="mt-5 max-w-xl text-lg leading-relaxed text-slate-600">
            Tell your agent the roles you want. It finds the recruiters and hiring managers behind
            them, writes a personal email to each from your resume, and sends it from your own
            Gmail.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Link
              to="/signup"
              className="inline-flex h-12 items-center justify-center gap-2 rounded-xl bg-brand-600 px-6 text-base font-semibold text-white shadow-lg shadow-brand-600/25 transition-colors hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
            >
              Try FREE
              <ArrowRight className="size-4" aria-hidden />
            </Link>
            <a
              href="#how-it-works"
              className="inline-flex h-12 items-center justify-center rounded-xl border border-slate-300 bg-white px-6 text-base font-semibold text-slate-800 transition-colors hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
            >
              See How It Works
            </a>
          </div>
          <div className="mt-8">
            <TrustBadges />
          </div>
        </div>
        <AgentPreview className="mx-auto w-full min-w-0 max-w-md lg:max-w-none" />
      </div>
    </section>
  );
}
