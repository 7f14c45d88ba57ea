import { MESSAGES } from "@reachout/contract/messages";
import { useEffect, useRef } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { toast } from "../../../lib/toast";
import { useSession } from "../../../lib/use-session";

/** Where the Google sign-in lands: stores the session from the query, then moves on. */
export default function AuthCallbackPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { signIn } = useSession();
  const hasRun = useRef(false);

  useEffect(() => {
    if (hasRun.current) return;
    hasRun.current = true;
    const token = params.get("token");
    const email = params.get("email");
    const userId = params.get("user_id");
    if (!token || !email || !userId) {
      navigate("/login", { replace: true });
      return;
    }
    signIn(token, {
      id: userId,
      email,
      profilePicture: params.get("picture"),
      name: params.get("name"),
    });
    toast.success(MESSAGES.login.googleSuccess);
    // replace: the token-bearing URL does not stay in the history.
    navigate("/my-network", { replace: true });
  }, [params, navigate, signIn]);

  return (
    <section
      className="flex min-h-[60vh] flex-col items-center justify-center gap-4"
      role="status"
      aria-live="polite"
    >
      <div className="size-10 animate-spin rounded-full border-4 border-brand-100 border-t-brand-600" />
      <p className="text-lg font-semibold text-slate-800">Logging you in...</p>
    </section>
  );
}
