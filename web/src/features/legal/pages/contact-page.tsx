import { Briefcase, LifeBuoy } from "lucide-react";
import { Link } from "react-router";
import { EmailLink } from "../components/email-link";

const FAQ = [
  {
    question: "How quickly will I hear back?",
    answer:
      "We respond to every message within 24 hours, usually much sooner on weekdays. Include the email address of your Reachout account so we can look into it right away.",
  },
  {
    question: "Can I get a demo?",
    answer:
      "Yes. Demos are available for students, career centers and student organizations. Email our business team and we will walk you through the agent, the email writer and Gmail sending in about 20 minutes.",
  },
  {
    question: "Do you offer enterprise solutions?",
    answer:
      "Yes. We offer enterprise solutions for universities, career centers and recruiting teams, with custom credit volume, team accounts and a dedicated success manager. Email our business team to set one up.",
  },
];

const CARDS = [
  {
    icon: LifeBuoy,
    title: "Support",
    text: "Questions about your account, credits, your resume or your mailbox connection.",
    address: "support_email",
  },
  {
    icon: Briefcase,
    title: "Business inquiries",
    text: "Partnerships, universities and career centers, demos and enterprise plans.",
    address: "business_email",
  },
] as const;

export default function ContactPage() {
  return (
    <div className="mx-auto max-w-4xl px-6 py-12 sm:py-16">
      <header className="text-center">
        <p className="text-sm font-semibold uppercase tracking-[0.2em] text-brand-600">
          We're here to help
        </p>
        <h1 className="mt-3 text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">
          Contact Us
        </h1>
        <p className="mx-auto mt-4 max-w-xl text-lg text-slate-600">
          Write to the right inbox and a person from the Reachout team will get back to you.
        </p>
      </header>

      <ul className="mt-10 grid gap-6 sm:grid-cols-2">
        {CARDS.map(({ icon: Icon, title, text, address }) => (
          <li key={title} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
            <span className="flex size-11 items-center justify-center rounded-xl bg-brand-50 text-brand-600 ring-1 ring-brand-100">
              <Icon className="size-5" aria-hidden />
            </span>
            <h2 className="mt-4 text-lg font-bold text-slate-900">{title}</h2>
            <p className="mt-1 text-sm text-slate-600">{text}</p>
            <p className="mt-4 break-all text-base">
              <EmailLink address={address} />
            </p>
          </li>
        ))}
      </ul>

      <section aria-labelledby="faq-heading" className="mt-14">
        <h2 id="faq-heading" className="text-2xl font-bold text-slate-900">
          Frequently asked questions
        </h2>
        <div className="mt-6 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
          {FAQ.map((item) => (
            <details key={item.question} className="group px-6 py-4" open>
              <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-md font-semibold text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-600 [&::-webkit-details-marker]:hidden">
                {item.question}
                <span
                  aria-hidden
                  className="text-xl leading-none text-slate-400 transition-transform group-open:rotate-45"
                >
                  +
                </span>
              </summary>
              <p className="mt-3 text-slate-600">{item.answer}</p>
            </details>
          ))}
        </div>
        <p className="mt-6 text-sm text-slate-600">
          How we handle your data is described in our{" "}
          <Link to="/privacy" className="font-medium text-brand-700 underline underline-offset-2">
            Privacy Policy
          </Link>
          .
        </p>
      </section>
    </div>
  );
}
