import { LIMITS, TIMERS } from "@reachout/contract/constants";
import { MESSAGES } from "@reachout/contract/messages";
import { type FormEvent, useEffect, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { Button } from "../../../components/ui/button";
import { Input, Label } from "../../../components/ui/input";
import { errorDetail } from "../../../lib/api";
import { allowCall } from "../../../lib/rate-limit";
import { toast } from "../../../lib/toast";
import { useSession } from "../../../lib/use-session";
import { resendCode, verifyCode } from "../api/auth";
import { AuthCard, FormAlert } from "../components/auth-card";

export default function VerifyPage() {
  const [params] = useSearchParams();
  const email = (params.get("email") ?? "").trim().toLowerCase();
  const navigate = useNavigate();
  const [code, setCode] = useState("");
  const [isBusy, setIsBusy] = useState(false);
  const [isResending, setIsResending] = useState(false);
  const [isVerified, setIsVerified] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const { isLoggedIn, user } = useSession();
  // Only verified accounts can sign in: a signed-in student opening /verify bare (or with their own
  // address, from the mailed link) has nothing to verify and goes on to their contacts.
  const isAlreadyVerified =
    isLoggedIn && !isVerified && (!email || email === user?.email.toLowerCase());
  useEffect(() => {
    if (!isAlreadyVerified) return;
    toast.info("Your email is already verified.", { id: "already-verified" });
    navigate("/my-network", { replace: true });
  }, [isAlreadyVerified, navigate]);

  useEffect(() => {
    if (!isVerified) return;
    const timer = setTimeout(() => navigate("/login"), TIMERS.verifyRedirectMs);
    return () => clearTimeout(timer);
  }, [isVerified, navigate]);

  if (isAlreadyVerified) return null;
  if (!email) {
    return (
      <AuthCard title="Verify your email">
        <FormAlert>The verification link is missing the email address.</FormAlert>
        <p className="text-sm text-slate-600">
          <Link to="/signup" className="font-semibold text-brand-700 hover:underline">
            Sign up
          </Link>{" "}
          or{" "}
          <Link to="/login" className="font-semibold text-brand-700 hover:underline">
            log in
          </Link>{" "}
          to get a new code.
        </p>
      </AuthCard>
    );
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setNotice(null);
    if (code.trim().length !== LIMITS.verificationCodeLength) {
      setError(MESSAGES.verify.codeLength);
      return;
    }
    setError(null);
    setIsBusy(true);
    try {
      await verifyCode(email, code.trim());
      toast.success(MESSAGES.verify.success);
      setIsVerified(true);
    } catch (caught) {
      setError(errorDetail(caught, MESSAGES.verify.failed));
    } finally {
      setIsBusy(false);
    }
  }

  async function resend() {
    setError(null);
    setNotice(null);
    if (!allowCall(`resend-code:${email}`)) {
      setNotice("A code was just sent. Please wait a few seconds before asking again.");
      return;
    }
    setIsResending(true);
    try {
      const { message } = await resendCode(email);
      setCode("");
      setNotice(message);
    } catch (caught) {
      setError(errorDetail(caught, "Could not send a new code. Please try again."));
    } finally {
      setIsResending(false);
    }
  }

  return (
    <AuthCard
      title="Verify your email"
      subtitle={
        <>
          A 6-digit code was sent to <strong className="text-slate-900">{email}</strong>
        </>
      }
    >
      <FormAlert>{error}</FormAlert>
      <FormAlert tone="info">{notice}</FormAlert>
      {isVerified ? (
        <p role="status" className="text-sm font-medium text-emerald-700">
          {MESSAGES.verify.success} Taking you to log in...
        </p>
      ) : (
        <form onSubmit={submit} className="flex flex-col gap-4">
          <div>
            <Label htmlFor="verify-code">Verification code</Label>
            <Input
              id="verify-code"
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={LIMITS.verificationCodeLength}
              placeholder="123456"
              value={code}
              onChange={(event) => setCode(event.target.value.replace(/\s/g, ""))}
              className="h-12 text-center font-mono text-xl tracking-[0.5em]"
            />
          </div>
          <Button type="submit" size="lg" disabled={isBusy} aria-busy={isBusy}>
            {isBusy ? "Verifying..." : "Verify"}
          </Button>
          <p className="text-center text-sm text-slate-600">
            Didn't get it? Check your spam folder, or{" "}
            <button
              type="button"
              onClick={resend}
              disabled={isResending}
              className="font-semibold text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600 disabled:opacity-50"
            >
              {isResending ? "Sending..." : "send a new code"}
            </button>
            .
          </p>
        </form>
      )}
    </AuthCard>
  );
}
