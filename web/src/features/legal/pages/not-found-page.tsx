import { Compass } from "lucide-react";
import { Link, useLocation } from "react-router";

export default function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <div className="flex min-h-[70vh] items-center justify-center px-6 py-16">
      <div className="max-w-lg text-center">
        <span className="mx-auto flex size-16 items-center justify-center rounded-full bg-brand-50 text-brand-600 ring-1 ring-brand-100">
          <Compass className="size-8" aria-hidden />
        </span>
        <p className="mt-6 text-sm font-semibold uppercase tracking-[0.2em] text-brand-600">404</p>
        <h1 className="mt-2 text-3xl font-extrabold tracking-tight text-slate-900">
          Page not found
        </h1>
        <p className="mt-4 text-slate-600">
          We couldn't find{" "}
          <span className="break-all font-mono text-sm text-slate-800">{pathname}</span>. The link
          may be old, or the page may have moved. Networking is about finding the right door; this
          one isn't it.
        </p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Link
            to="/"
            className="inline-flex h-11 items-center justify-center rounded-lg bg-brand-600 px-5 font-semibold text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
          >
            Go to the home page
          </Link>
          <Link
            to="/contact"
            className="inline-flex h-11 items-center justify-center rounded-lg border border-slate-300 px-5 font-semibold text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
          >
            Contact us
          </Link>
        </div>
      </div>
    </div>
  );
}
