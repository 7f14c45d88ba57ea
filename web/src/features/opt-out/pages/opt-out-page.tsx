import { useState } from "react";
import { Button } from "../../../components/ui/button";
import { Input } from "../../../components/ui/input";
import { errorDetail } from "../../../lib/api";
import { useRequestOptOut } from "../api/opt-out";

/** /opt-out: anyone can ask never to be emailed through Reachout (no account needed). */
export default function OptOutPage() {
  const [email, setEmail] = useState("");
  const request = useRequestOptOut();
  return (
    <div className="mx-auto max-w-xl px-6 py-12 sm:py-16">
      <h1 className="text-3xl font-extrabold tracking-tight text-slate-900">
        Stop emails sent through Reachout
      </h1>
      <p className="mt-4 text-slate-600">
        Reachout helps students email recruiters and hiring managers from their own Gmail. If you
        never want to be contacted by anyone through Reachout, enter your email address. We will
        send you a link to confirm; once you open it, no Reachout user can email that address again.
      </p>
      {request.isSuccess ? (
        <p
          role="status"
          className="mt-8 rounded-xl border border-emerald-200 bg-emerald-50 p-4 text-emerald-900"
        >
          {request.data.message}
        </p>
      ) : (
        <form
          className="mt-8 flex flex-col gap-3"
          aria-label="Opt out"
          onSubmit={(event) => {
            event.preventDefault();
            if (!email.trim() || request.isPending) return;
            request.mutate({ email });
          }}
        >
          <label htmlFor="opt-out-email" className="text-sm font-semibold text-slate-900">
            Your email address
          </label>
          <Input
            id="opt-out-email"
            type="email"
            required
            autoComplete="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
          <Button type="submit" disabled={request.isPending}>
            {request.isPending ? "Sending..." : "Send confirmation link"}
          </Button>
          {request.isError && (
            <p role="alert" className="text-sm text-red-700">
              {errorDetail(request.error, "Something went wrong. Please try again.")}
            </p>
          )}
        </form>
      )}
    </div>
  );
}
