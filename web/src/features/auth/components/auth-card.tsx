import { Children, type ReactNode } from "react";
import { Link } from "react-router";

/** The centred card every sign-in page sits in. */
export function AuthCard({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <section className="flex min-h-[calc(100vh-3.5rem)] items-start justify-center bg-gradient-to-b from-brand-50 to-slate-50 px-4 py-10 sm:items-center sm:py-16">
      <div className="w-full max-w-md">
        <Link
          to="/"
          className="mb-6 block text-center text-2xl font-extrabold tracking-tight text-slate-900"
        >
          Reach<span className="text-brand-600">out</span>
        </Link>
        <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
          {subtitle ? <p className="mt-1 text-sm text-slate-600">{subtitle}</p> : null}
          <div className="mt-6">{children}</div>
        </div>
        {footer ? <div className="mt-6 text-center text-sm text-slate-600">{footer}</div> : null}
      </div>
    </section>
  );
}

/** An error or notice inside a form, announced to screen readers. */
export function FormAlert({
  tone = "error",
  children,
}: {
  tone?: "error" | "info";
  children: ReactNode;
}) {
  // Nothing to say (null, false or an empty string, alone or in a list): no empty red box.
  if (Children.toArray(children).every((child) => child === "")) return null;
  return (
    <div
      role={tone === "error" ? "alert" : "status"}
      className={
        tone === "error"
          ? "mb-4 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
          : "mb-4 rounded-lg border border-brand-100 bg-brand-50 px-3 py-2 text-sm text-brand-700"
      }
    >
      {children}
    </div>
  );
}

export function OrDivider() {
  return (
    <div className="my-5 flex items-center gap-3 text-xs font-medium uppercase text-slate-600">
      <span className="h-px flex-1 bg-slate-200" />
      or
      <span className="h-px flex-1 bg-slate-200" />
    </div>
  );
}
