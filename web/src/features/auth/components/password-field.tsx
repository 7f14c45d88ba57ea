import { LIMITS } from "@reachout/contract/constants";
import { Eye, EyeOff } from "lucide-react";
import { useState } from "react";
import { Input, Label, type StringFieldProps } from "../../../components/ui/input";

export function PasswordField({
  id,
  value,
  onChange,
  autoComplete,
  hint,
  minLength,
}: StringFieldProps & {
  autoComplete: "current-password" | "new-password";
  hint?: string;
  minLength?: number;
}) {
  const [isVisible, setIsVisible] = useState(false);
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div>
      <Label htmlFor={id}>Password</Label>
      <div className="relative">
        <Input
          id={id}
          name="password"
          type={isVisible ? "text" : "password"}
          autoComplete={autoComplete}
          required
          minLength={minLength}
          maxLength={LIMITS.passwordMax}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-describedby={hintId}
          className="pr-10"
        />
        <button
          type="button"
          onClick={() => setIsVisible((v) => !v)}
          aria-label={isVisible ? "Hide password" : "Show password"}
          aria-pressed={isVisible}
          className="absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-lg text-slate-500 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          {isVisible ? <EyeOff className="size-4" /> : <Eye className="size-4" />}
        </button>
      </div>
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
