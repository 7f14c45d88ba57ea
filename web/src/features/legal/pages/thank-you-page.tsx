import { MESSAGES } from "@reachout/contract";
import { MailCheck } from "lucide-react";
import { Link } from "react-router";

export default function ThankYouPage() {
  return (
    <div className="flex min-h-[70vh] items-center justify-center px-6 py-16">
      <div className="w-full max-w-xl rounded-3xl border border-slate-200 bg-white p-8 text-center shadow-sm sm:p-12">
        <span className="mx-auto flex size-16 items-center justify-center rounded-full bg-emerald-100 text-emerald-600">
          <MailCheck className="size-8" aria-hidden />
        </span>
        <h1 className="mt-6 text-2xl font-extrabold tracking-tight text-slate-900 sm:text-3xl">
          {MESSAGES.landing.thankYou}
        </h1>
        <p className="mt-4 text-slate-600">
          The email can take a minute to arrive. If you don't see it, check your spam or promotions
          folder.
        </p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Link
            to="/"
            className="inline-flex h-11 items-center justify-center rounded-lg bg-brand-600 px-5 font-semibold text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
          >
            Back to home
          </Link>
          <Link
            to="/contact"
            className="inline-flex h-11 items-center justify-center rounded-lg border border-slate-300 px-5 font-semibold text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
          >
            Contact support
          </Link>
        </div>
      </div>
    </div>
  );
}
