import { LIMITS } from "@reachout/contract/constants";
import { MESSAGES } from "@reachout/contract/messages";
import { CircleAlert, CircleCheck, Info } from "lucide-react";
import {
  type FormEvent,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  useRef,
  useState,
} from "react";
import { RolePicker } from "../../../components/role-picker";
import { Button } from "../../../components/ui/button";
import { Input, Label } from "../../../components/ui/input";
import { ApiError } from "../../../lib/api";
import { cn } from "../../../lib/cn";
import { useJoinWaitlist } from "../api/subscribe";
import {
  validateWaitlist,
  type WaitlistErrors,
  type WaitlistValues,
} from "../lib/validate-waitlist";

const EMPTY: WaitlistValues = { name: "", email: "", phone: "" };
const FIELDS = ["name", "email", "phone"] as const;

/** What each field asks for, and how. */
const INPUTS = {
  name: {
    label: "Full name",
    autoComplete: "name",
    placeholder: "Alex Morgan",
    required: true,
  },
  email: {
    label: "Email",
    type: "email",
    autoComplete: "email",
    placeholder: "alex@university.edu",
    required: true,
  },
  phone: {
    label: (
      <>
        Phone <span className="font-normal text-slate-500">(optional)</span>
      </>
    ),
    hint: `Digits only, ${LIMITS.phoneMinDigits} to ${LIMITS.phoneMaxDigits}.`,
    type: "tel",
    inputMode: "numeric",
    autoComplete: "tel",
    placeholder: "2125550100",
    maxLength: LIMITS.phoneMaxDigits,
  },
} satisfies Record<(typeof FIELDS)[number], Omit<WaitlistFieldProps, "field">>;

type Outcome = { tone: "success" | "info" | "error"; text: string } | null;

function outcomeOf(error: unknown): Outcome {
  if (error instanceof ApiError && error.status === 409) {
    return { tone: "info", text: MESSAGES.waitlist.duplicate };
  }
  return { tone: "error", text: MESSAGES.waitlist.failed };
}

const OUTCOME_STYLE = {
  success: { icon: CircleCheck, box: "border-emerald-200 bg-emerald-50 text-emerald-800" },
  info: { icon: Info, box: "border-sky-200 bg-sky-50 text-sky-800" },
  error: { icon: CircleAlert, box: "border-red-200 bg-red-50 text-red-700" },
} as const;

type WaitlistFieldProps = {
  field: keyof WaitlistValues;
  label: ReactNode;
  error?: string;
  hint?: string;
  ref?: Ref<HTMLInputElement>;
} & Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "name">;

/** One input of the form: its label, then its error (which it is described by) or its hint. */
function WaitlistField({ field, label, error, hint, ...input }: WaitlistFieldProps) {
  const id = `waitlist-${field}`;
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        name={field}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
        className={cn(error && "border-red-400")}
        {...input}
      />
      {error ? (
        <p id={`${id}-error`} className="mt-1.5 text-sm text-red-600">
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="mt-1.5 text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

export function WaitlistForm() {
  const [values, setValues] = useState(EMPTY);
  const [roles, setRoles] = useState<string[]>([]);
  const [errors, setErrors] = useState<WaitlistErrors>({});
  const [outcome, setOutcome] = useState<Outcome>(null);
  const join = useJoinWaitlist();
  const refs = {
    name: useRef<HTMLInputElement>(null),
    email: useRef<HTMLInputElement>(null),
    phone: useRef<HTMLInputElement>(null),
  };

  const update = (field: keyof WaitlistValues) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (join.isPending) return;
    const found = validateWaitlist(values);
    setErrors(found);
    const firstInvalid = FIELDS.find((field) => found[field]);
    if (firstInvalid) {
      setOutcome(null);
      refs[firstInvalid].current?.focus();
      return;
    }
    setOutcome(null);
    join.mutate(
      {
        name: values.name.trim(),
        email: values.email.trim(),
        phone: values.phone.trim() || null,
        roles,
      },
      {
        onSuccess: () => {
          setOutcome({ tone: "success", text: MESSAGES.waitlist.success });
          setValues(EMPTY);
          setRoles([]);
        },
        onError: (error) => setOutcome(outcomeOf(error)),
      },
    );
  };

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label="Join the waitlist"
      className="flex flex-col gap-6"
    >
      <div className="grid gap-4 md:grid-cols-3">
        {FIELDS.map((field) => (
          <WaitlistField
            key={field}
            ref={refs[field]}
            field={field}
            error={errors[field]}
            value={values[field]}
            onChange={update(field)}
            {...INPUTS[field]}
          />
        ))}
      </div>

      <div>
        <p className="text-sm font-medium text-slate-700">
          Which roles are you targeting?{" "}
          <span className="font-normal text-slate-500">(optional)</span>
        </p>
        <p className="mb-3 mt-0.5 text-sm text-slate-500">
          Your agent will start with these when your seat opens.
        </p>
        <RolePicker value={roles} onChange={setRoles} label="Roles you are targeting" />
      </div>

      <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <Button
          type="submit"
          size="lg"
          disabled={join.isPending}
          className="font-semibold sm:w-auto"
        >
          {join.isPending ? "Joining..." : "Join the Waitlist"}
        </Button>
        <div role="status" aria-live="polite" className="flex-1">
          {outcome && <OutcomeMessage tone={outcome.tone} text={outcome.text} />}
        </div>
      </div>
    </form>
  );
}

function OutcomeMessage({ tone, text }: { tone: keyof typeof OUTCOME_STYLE; text: string }) {
  const { icon: Icon, box } = OUTCOME_STYLE[tone];
  return (
    <p
      data-tone={tone}
      className={cn("flex items-center gap-2 rounded-lg border px-3 py-2 text-sm font-medium", box)}
    >
      <Icon className="size-4 shrink-0" aria-hidden />
      {text}
    </p>
  );
}
