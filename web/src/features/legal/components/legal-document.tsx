import { MESSAGES } from "@reachout/contract";
import type { ReactNode } from "react";
import { Link } from "react-router";

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

/** A policy page: title, effective date, contents, numbered sections and the sibling policy. */
export function LegalDocument({
  title,
  intro,
  sections,
  sibling,
}: {
  title: string;
  intro: ReactNode;
  sections: LegalSection[];
  sibling: { to: string; label: string };
}) {
  return (
    <article className="mx-auto max-w-3xl px-6 py-12 sm:py-16">
      <header className="border-b border-slate-200 pb-8">
        <p className="text-sm font-semibold uppercase tracking-[0.2em] text-brand-600">Legal</p>
        <h1 className="mt-3 text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">
          {title}
        </h1>
        <p className="mt-3 text-sm text-slate-600">{MESSAGES.landing.legalEffective}</p>
        <div className="mt-6 space-y-4 text-base leading-relaxed text-slate-700">{intro}</div>
        <p className="mt-4 text-sm text-slate-600">
          Read this together with our{" "}
          <Link to={sibling.to} className="font-medium text-brand-700 underline underline-offset-2">
            {sibling.label}
          </Link>
          .
        </p>
      </header>

      <nav aria-label="Contents" className="my-8 rounded-2xl bg-slate-100/70 p-5">
        <h2 className="text-sm font-semibold text-slate-900">Contents</h2>
        <ol className="mt-3 grid list-decimal gap-x-8 gap-y-1.5 pl-5 text-sm text-slate-700 sm:grid-cols-2">
          {sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`} className="hover:text-brand-700 hover:underline">
                {section.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>

      <div className="space-y-10">
        {sections.map((section, index) => (
          <section
            key={section.id}
            id={section.id}
            aria-labelledby={`${section.id}-title`}
            className="scroll-mt-20"
          >
            <h2 id={`${section.id}-title`} className="text-xl font-bold text-slate-900">
              {index + 1}. {section.title}
            </h2>
            <div className="mt-3 space-y-3 text-base leading-relaxed text-slate-700 [&_li]:mt-1.5 [&_strong]:font-semibold [&_strong]:text-slate-900 [&_ul]:list-disc [&_ul]:space-y-1 [&_ul]:pl-6">
              {section.body}
            </div>
          </section>
        ))}
      </div>

      <p className="mt-12 border-t border-slate-200 pt-6 text-sm text-slate-600">
        See also our{" "}
        <Link to={sibling.to} className="font-medium text-brand-700 underline underline-offset-2">
          {sibling.label}
        </Link>{" "}
        and the{" "}
        <Link to="/contact" className="font-medium text-brand-700 underline underline-offset-2">
          Contact Us
        </Link>{" "}
        page.
      </p>
    </article>
  );
}
