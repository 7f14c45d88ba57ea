import { LIMITS } from "@reachout/contract/constants";
import { MESSAGES } from "@reachout/contract/messages";
import { type FormEvent, useState } from "react";
import { Link, Navigate, useNavigate } from "react-router";
import { FullNameField } from "../../../components/full-name-field";
import { Button } from "../../../components/ui/button";
import { errorDetail } from "../../../lib/api";
import { toast } from "../../../lib/toast";
import { useSession } from "../../../lib/use-session";
import { googleStartUrl, lookupAuthProvider, signUp } from "../api/auth";
import { AuthCard, FormAlert, OrDivider } from "../components/auth-card";
import { EmailField } from "../components/email-field";
import { GoogleButton } from "../components/google-button";
import { PasswordField } from "../components/password-field";

const providerLabel = (provider: "email" | "google") =>
  provider === "google" ? "Google" : "email";

export default function SignupPage() {
  const { isLoggedIn } = useSession();
  const navigate = useNavigate();
  const [fullName, setFullName] = useState("");
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [hasAgreed, setHasAgreed] = useState(false);
  const [isBusy, setIsBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The terms note shows once the user tries to go on without ticking the box, not before.
  const [triedWithoutTerms, setTriedWithoutTerms] = useState(false);

  if (isLoggedIn) return <Navigate to="/my-network" replace />;
  const showTermsNote = triedWithoutTerms && !hasAgreed;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!hasAgreed) {
      setTriedWithoutTerms(true);
      return;
    }
    setError(null);
    setIsBusy(true);
    try {
      const address = email.trim().toLowerCase();
      // An address someone already registered: say so and send nothing.
      const provider = await lookupAuthProvider(address);
      if (provider) {
        setError(MESSAGES.signup.alreadyRegistered(providerLabel(provider)));
        return;
      }
      await signUp({ email: address, password, full_name: fullName.trim() || null });
      toast.success(MESSAGES.signup.success);
      navigate(`/verify?email=${encodeURIComponent(address)}`);
    } catch (caught) {
      setError(errorDetail(caught, MESSAGES.signup.failed));
    } finally {
      setIsBusy(false);
    }
  }

  return (
    <AuthCard
      title="Join Reachout."
      subtitle="Create your account to start discovering opportunities"
      footer={
        <>
          Already have an account?{" "}
          <Link to="/login" className="font-semibold text-brand-700 hover:underline">
            Sign in
          </Link>
        </>
      }
    >
      <GoogleButton
        label="Sign up with Google"
        disabled={isBusy}
        onClick={() => window.location.assign(googleStartUrl("public_signup"))}
      />
      <OrDivider />
      <FormAlert>{error}</FormAlert>
      <form onSubmit={submit} className="flex flex-col gap-4">
        <FullNameField id="signup-name" value={fullName} onChange={setFullName} />
        <EmailField
          id="signup-email"
          value={email}
          onChange={(value) => {
            setEmail(value);
            // "Already registered" and other answers were about the previous address.
            setError(null);
          }}
        />
        <PasswordField
          id="signup-password"
          value={password}
          onChange={setPassword}
          autoComplete="new-password"
          minLength={LIMITS.passwordMin}
          hint={`At least ${LIMITS.passwordMin} characters.`}
        />
        <div>
          <label className="flex items-start gap-3 text-sm text-slate-700">
            <input
              type="checkbox"
              checked={hasAgreed}
              onChange={(event) => setHasAgreed(event.target.checked)}
              aria-describedby={showTermsNote ? "terms-note" : undefined}
              className="mt-0.5 size-4 shrink-0 rounded border-slate-300 accent-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600"
            />
            <span>
              I agree to the{" "}
              <Link to="/terms" className="font-medium text-brand-700 hover:underline">
                Terms of Service
              </Link>{" "}
              and{" "}
              <Link to="/privacy" className="font-medium text-brand-700 hover:underline">
                Privacy Policy
              </Link>
            </span>
          </label>
          {showTermsNote && (
            <p id="terms-note" role="alert" className="mt-2 text-xs text-amber-700">
              {MESSAGES.signup.termsRequired}
            </p>
          )}
        </div>
        {/* Disabled until the box is ticked (aria-disabled), yet a click still says why. */}
        <Button
          type="submit"
          size="lg"
          disabled={isBusy}
          aria-disabled={!hasAgreed}
          aria-busy={isBusy}
          className={hasAgreed ? undefined : "cursor-not-allowed opacity-50"}
        >
          {isBusy ? "Creating account..." : "Create Account"}
        </Button>
      </form>
    </AuthCard>
  );
}
