import { useEffect } from "react";
import { Link, useSearchParams } from "react-router";
import { errorDetail } from "../../../lib/api";
import { useConfirmOptOut } from "../api/opt-out";

/** /opt-out/confirm?token=…: the link in the confirmation email. */
export default function OptOutConfirmPage() {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const confirm = useConfirmOptOut();
  const { mutate } = confirm;

  useEffect(() => {
    if (token) mutate({ token });
  }, [token, mutate]);

  return (
    <div className="mx-auto max-w-xl px-6 py-12 sm:py-16">
      <h1 className="text-3xl font-extrabold tracking-tight text-slate-900">Opt out of Reachout</h1>
      <div className="mt-6" role="status">
        {!token ? (
          <p className="text-slate-700">
            This link is incomplete. Ask for a new one on the{" "}
            <Link to="/opt-out" className="text-brand-700 underline">
              opt-out page
            </Link>
            .
          </p>
        ) : confirm.isSuccess ? (
          <p className="rounded-xl border border-emerald-200 bg-emerald-50 p-4 text-emerald-900">
            {confirm.data.message}
          </p>
        ) : confirm.isError ? (
          <p className="rounded-xl border border-red-200 bg-red-50 p-4 text-red-800">
            {errorDetail(confirm.error, "Something went wrong. Please try again.")}
          </p>
        ) : (
          <p className="text-slate-600">Confirming...</p>
        )}
      </div>
    </div>
  );
}
