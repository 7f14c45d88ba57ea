import { TIMERS } from "@reachout/contract/constants";
import { MESSAGES } from "@reachout/contract/messages";
import { type FormEvent, useState } from "react";
import { Link, Navigate, useNavigate, useSearchParams } from "react-router";
import { Button } from "../../../components/ui/button";
import { ApiError, errorDetail } from "../../../lib/api";
import { toast } from "../../../lib/toast";
import { useSession } from "../../../lib/use-session";
import { googleStartUrl, logIn, lookupSignupMethod } from "../api/auth";
import { AuthCard, FormAlert, OrDivider } from "../components/auth-card";
import { EmailField } from "../components/email-field";
import { GoogleButton } from "../components/google-button";
import { PasswordField } from "../components/password-field";

export default function LoginPage() {
  const { isLoggedIn, signIn } = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [isBusy, setIsBusy] = useState(false);
  // A refusal or failure handed back by the Google callback.
  const [error, setError] = useState<string | null>(params.get("error"));
  const [needsVerification, setNeedsVerification] = useState(false);

  if (isLoggedIn) return <Navigate to="/my-network" replace />;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setNeedsVerification(false);
    setIsBusy(true);
    try {
      const answer = await logIn({ email: email.trim().toLowerCase(), password });
      if (!answer.access_token || !answer.user_id || !answer.email) {
        setError(MESSAGES.login.noToken);
        return;
      }
      signIn(answer.access_token, { id: answer.user_id, email: answer.email });
      toast.success(MESSAGES.login.success, { duration: TIMERS.loginToastMs });
      navigate("/my-network", { replace: true });
    } catch (caught) {
      setNeedsVerification(caught instanceof ApiError && caught.status === 403);
      setError(errorDetail(caught, MESSAGES.login.failed));
    } finally {
      setIsBusy(false);
    }
  }

  async function continueWithGoogle() {
    setError(null);
    const address = email.trim().toLowerCase();
    if (address.includes("@")) {
      // The sign-up method check: password accounts keep using their password.
      setIsBusy(true);
      const method = await lookupSignupMethod(address).catch(() => null);
      setIsBusy(false);
      if (method === "email") {
        setError(MESSAGES.login.usePassword);
        return;
      }
    }
    window.location.assign(googleStartUrl("public_login"));
  }

  const verifyLink = `/verify?email=${encodeURIComponent(email.trim().toLowerCase())}`;
  return (
    <AuthCard
      title="Sign in to Reachout"
      subtitle="Welcome back. Pick up your outreach where you left off."
      footer={
        <>
          New to Reachout?{" "}
          <Link to="/signup" className="font-semibold text-brand-700 hover:underline">
            Create an account
          </Link>
        </>
      }
    >
      <FormAlert>
        {error}
        {needsVerification ? (
          <>
            {" "}
            <Link to={verifyLink} className="font-semibold underline">
              Verify your email
            </Link>
          </>
        ) : null}
      </FormAlert>
      <form onSubmit={submit} className="flex flex-col gap-4">
        <EmailField
          id="login-email"
          value={email}
          onChange={(value) => {
            setEmail(value);
            // An answer about the previous address no longer applies.
            setError(null);
            setNeedsVerification(false);
          }}
        />
        <PasswordField
          id="login-password"
          value={password}
          onChange={setPassword}
          autoComplete="current-password"
        />
        <Button type="submit" size="lg" disabled={isBusy} aria-busy={isBusy}>
          {isBusy ? "Signing in..." : "Continue"}
        </Button>
      </form>
      <OrDivider />
      <GoogleButton label="Sign in with Google" disabled={isBusy} onClick={continueWithGoogle} />
    </AuthCard>
  );
}
