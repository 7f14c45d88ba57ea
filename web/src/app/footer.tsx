import { Link } from "react-router";
import { NewTabLink } from "../components/ui/new-tab-link";
import { NewsletterForm } from "../features/landing/components/newsletter-form";

export function Footer() {
  return (
    <footer className="bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-6xl gap-8 px-6 py-12 md:grid-cols-2">
        <div>
          <p className="text-lg font-bold text-white">Reachout</p>
          <p className="mt-2 max-w-sm text-sm text-slate-400">
            Your personal AI agent to find the people who hire and reach them from your own Gmail.
          </p>
          <div className="mt-4 flex gap-4 text-sm">
            <Link to="/contact" className="hover:text-white">
              Contact
            </Link>
            <NewTabLink href="https://x.com/reachout" className="hover:text-white">
              X (Twitter)
            </NewTabLink>
            <NewTabLink
              href="https://www.linkedin.com/company/reachout"
              className="hover:text-white"
            >
              LinkedIn
            </NewTabLink>
          </div>
        </div>
        <NewsletterForm />
      </div>
      <div className="border-t border-slate-800">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-2 px-6 py-4 text-xs text-slate-400">
          <span>© {new Date().getFullYear()} Reachout. All rights reserved.</span>
          <span className="flex gap-4">
            <Link to="/terms" className="hover:text-white">
              Terms
            </Link>
            <Link to="/privacy" className="hover:text-white">
              Privacy
            </Link>
            <Link to="/opt-out" className="hover:text-white">
              Don't email me
            </Link>
          </span>
        </div>
      </div>
    </footer>
  );
}
