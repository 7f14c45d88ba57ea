import { MESSAGES } from "@reachout/contract/messages";
import { GraduationCap } from "lucide-react";
import { WaitlistForm } from "./waitlist-form";

export function WaitlistSection() {
  return (
    <section
      id="waitlist"
      aria-labelledby="waitlist-heading"
      className="scroll-mt-16 py-20 sm:py-24"
    >
      <div className="mx-auto max-w-5xl px-4 sm:px-6">
        <div className="overflow-hidden rounded-3xl bg-gradient-to-br from-brand-700 via-brand-600 to-violet-700 shadow-2xl shadow-brand-700/20">
          <div className="px-6 pb-10 pt-12 text-center text-white sm:px-12">
            <p className="inline-flex items-center gap-2 rounded-full bg-white/15 px-3 py-1 text-sm font-medium ring-1 ring-white/25">
              <GraduationCap className="size-4" aria-hidden />
              Beta · Free credits for students
            </p>
            <h2
              id="waitlist-heading"
              className="mt-5 text-3xl font-extrabold tracking-tight sm:text-4xl"
            >
              Join the Beta Waitlist
            </h2>
            <p className="mx-auto mt-4 max-w-2xl text-lg text-brand-100">
              Be among the first students to let an AI agent run your outreach, with free credits to
              start.
            </p>
            <p className="mt-5 text-sm font-semibold text-white">{MESSAGES.landing.waitlistLine}</p>
          </div>
          <div className="bg-white px-5 py-8 sm:m-3 sm:rounded-2xl sm:px-8">
            <WaitlistForm />
          </div>
        </div>
      </div>
    </section>
  );
}
