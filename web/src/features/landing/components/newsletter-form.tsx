import { TIMERS } from "@reachout/contract/constants";
import { MESSAGES } from "@reachout/contract/messages";
import { useEffect, useState } from "react";
import { Button } from "../../../components/ui/button";
import { Input } from "../../../components/ui/input";
import { useSubscribeNewsletter } from "../api/subscribe";

/** idle → loading → success | error, and back to idle after 4 s (docs/product.md §4). */
export function NewsletterForm() {
  const [email, setEmail] = useState("");
  const { mutate, status, reset } = useSubscribeNewsletter();

  useEffect(() => {
    if (status !== "success" && status !== "error") return;
    const timer = setTimeout(reset, TIMERS.newsletterResetMs);
    return () => clearTimeout(timer);
  }, [status, reset]);

  return (
    <form
      className="flex w-full max-w-md flex-col gap-2 md:justify-self-end"
      aria-label="Newsletter"
      onSubmit={(event) => {
        event.preventDefault();
        if (!email.trim() || status === "pending") return;
        mutate({ email }, { onSuccess: () => setEmail("") });
      }}
    >
      <label htmlFor="newsletter-email" className="text-sm font-semibold text-white">
        Get outreach tips in your inbox
      </label>
      <p className="text-sm text-slate-400">
        One short email a month: cold-email templates, recruiting timelines and product news.
      </p>
      <div className="mt-1 flex gap-2">
        <Input
          id="newsletter-email"
          type="email"
          required
          autoComplete="email"
          placeholder="you@university.edu"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          className="border-slate-700 bg-slate-800 text-white placeholder:text-slate-500 focus:border-brand-500 focus:ring-brand-500/40"
        />
        <Button
          type="submit"
          disabled={status === "pending"}
          className="shrink-0 focus-visible:outline-white"
        >
          {status === "pending" ? "Submitting..." : "Subscribe"}
        </Button>
      </div>
      <p role="status" className="min-h-5 text-sm">
        {status === "success" && (
          <span className="text-emerald-400">{MESSAGES.newsletter.success}</span>
        )}
        {status === "error" && <span className="text-red-400">{MESSAGES.newsletter.failed}</span>}
      </p>
    </form>
  );
}
