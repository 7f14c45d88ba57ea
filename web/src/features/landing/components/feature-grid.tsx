import { FEATURES } from "../content";
import { SectionHeading } from "./section-heading";

export function FeatureGrid() {
  return (
    <section id="features" aria-labelledby="features-heading" className="bg-white py-20 sm:py-24">
      <div className="mx-auto max-w-6xl px-6">
        <SectionHeading
          id="features-heading"
          eyebrow="Features"
          title="Everything you need to get the interview"
          text="Built for students who would rather spend their evenings preparing than copy-pasting emails."
        />
        <ul className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map(({ icon: Icon, title, text }) => (
            <li
              key={title}
              className="group rounded-2xl border border-slate-200 bg-white p-6 transition-shadow hover:shadow-lg hover:shadow-slate-200/70"
            >
              <span className="flex size-11 items-center justify-center rounded-xl bg-brand-50 text-brand-600 ring-1 ring-brand-100 transition-colors group-hover:bg-brand-600 group-hover:text-white">
                <Icon className="size-5" aria-hidden />
              </span>
              <h3 className="mt-5 text-lg font-bold text-slate-900">{title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-slate-600">{text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
