import { LIMITS } from "@reachout/contract/constants";
import { MESSAGES } from "@reachout/contract/messages";
import { PLANS } from "@reachout/contract/plans";
import { Lock } from "lucide-react";
import { type ChangeEvent, type FormEvent, useState } from "react";
import { Link } from "react-router";
import { Button } from "../../../components/ui/button";
import { Input, Label, TextField } from "../../../components/ui/input";
import { ApiError } from "../../../lib/api";
import { compactToast } from "../../../lib/toast";
import { useSession } from "../../../lib/use-session";
import { joinStartupWaitlist } from "../api/startups";

const PHONE = new RegExp(`^\\d{${LIMITS.phoneMinDigits},${LIMITS.phoneMaxDigits}}$`);

function WaitlistForm() {
  const { user } = useSession();
  const [name, setName] = useState(user?.name ?? "");
  const [email, setEmail] = useState(user?.email ?? "");
  const [phone, setPhone] = useState("");
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  // The spec's answer (§8) once the waitlist took the address (or already had it).
  const [joined, setJoined] = useState<string | null>(null);
  /** The name and the email: both required, each filled in by the browser from its own. */
  const required = (field: "name" | "email", value: string, setValue: (value: string) => void) => ({
    id: `startup-waitlist-${field}`,
    autoComplete: field,
    required: true,
    value,
    onChange: (event: ChangeEvent<HTMLInputElement>) => setValue(event.target.value),
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending || !name.trim() || !email.trim()) return;
    if (phone.trim() && !PHONE.test(phone.trim())) {
      setPhoneError(MESSAGES.waitlist.phone);
      return;
    }
    setPending(true);
    try {
      await joinStartupWaitlist({
        name: name.trim(),
        email: email.trim(),
        phone: phone.trim() || null,
      });
      compactToast.success(MESSAGES.waitlist.success);
      setJoined(MESSAGES.waitlist.success);
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        compactToast.success(MESSAGES.waitlist.duplicate);
        setJoined(MESSAGES.waitlist.duplicate);
      } else {
        compactToast.error(MESSAGES.waitlist.failed);
      }
    } finally {
      setPending(false);
    }
  };

  if (joined) {
    return (
      <p className="rounded-xl bg-emerald-50 px-4 py-3 text-sm text-emerald-800" role="status">
        {joined}
      </p>
    );
  }
  return (
    <form onSubmit={submit} className="space-y-3 text-left" aria-label="Join the waitlist">
      <TextField label="Full name" {...required("name", name, setName)} />
      <TextField label="Email" type="email" {...required("email", email, setEmail)} />
      <div>
        <Label htmlFor="startup-waitlist-phone">Phone (optional)</Label>
        <Input
          id="startup-waitlist-phone"
          type="tel"
          inputMode="numeric"
          autoComplete="tel"
          maxLength={LIMITS.phoneMaxDigits}
          value={phone}
          onChange={(event) => {
            setPhone(event.target.value);
            setPhoneError(null);
          }}
          aria-invalid={Boolean(phoneError)}
          aria-describedby={phoneError ? "startup-waitlist-phone-error" : undefined}
        />
        {phoneError ? (
          <p id="startup-waitlist-phone-error" className="mt-1 text-sm text-red-600">
            {phoneError}
          </p>
        ) : null}
      </div>
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? "Joining..." : "Join the Waitlist"}
      </Button>
    </form>
  );
}

/** The plan whose price includes the directory (ADR 012), and a way to it. */
function PlanThatOpensIt() {
  const plan = PLANS.black;
  const price = plan.priceCents === null ? "" : ` ($${plan.priceCents / 100}/month)`;
  return (
    <p className="mt-3 rounded-xl bg-slate-50 px-4 py-3 text-sm text-slate-700">
      The directory is included in the {plan.name} plan{price}.{" "}
      <Link
        to="/pricing"
        className="font-medium text-brand-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        See plans on Pricing
      </Link>
    </p>
  );
}

/** The "Early Access Required" card that sits over the blurred list (docs/product.md §2). */
export function EarlyAccessOverlay() {
  const { isLoggedIn } = useSession();
  return (
    <section
      aria-labelledby="early-access-title"
      className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-xl"
    >
      <span className="mx-auto grid size-12 place-items-center rounded-full bg-brand-100 text-brand-700">
        <Lock className="size-6" aria-hidden />
      </span>
      <h2 id="early-access-title" className="mt-3 text-xl font-bold text-slate-900">
        Early Access Required
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Join the waitlist to get early access to the founders of recently funded startups.
      </p>
      {isLoggedIn && <PlanThatOpensIt />}
      <div className="mt-5">
        <WaitlistForm />
      </div>
      <Link
        to="/my-network"
        className="mt-4 inline-block rounded-md text-sm font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        Already have access? Go to My Network
      </Link>
    </section>
  );
}
