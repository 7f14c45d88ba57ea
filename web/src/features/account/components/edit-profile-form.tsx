import { LIMITS } from "@reachout/contract/constants";
import { MESSAGES } from "@reachout/contract/messages";
import type { ProfileResponse } from "@reachout/contract/profile";
import { type ChangeEvent, useId, useState } from "react";
import { FullNameField } from "../../../components/full-name-field";
import { Button } from "../../../components/ui/button";
import { FormFooter } from "../../../components/ui/form-footer";
import { TextField } from "../../../components/ui/input";
import { ApiError } from "../../../lib/api";
import { compactToast } from "../../../lib/toast";
import { useUpdateProfile } from "../../../lib/update-profile";

/** Full Name, University, Graduation Year (a number) and Major, with Cancel and Save. */
export function EditProfileForm({
  initial,
  onSaved,
  onCancel,
}: {
  initial: ProfileResponse | undefined;
  onSaved?: () => void;
  onCancel?: () => void;
}) {
  const [fullName, setFullName] = useState(initial?.full_name ?? "");
  const [university, setUniversity] = useState(initial?.university ?? "");
  const [year, setYear] = useState(initial?.graduation_year?.toString() ?? "");
  const [major, setMajor] = useState(initial?.major ?? "");
  const [problem, setProblem] = useState<string | null>(null);
  const update = useUpdateProfile();
  const id = useId();
  /** What the profile's text boxes share: an id, the value and its setter, the length limit. */
  const text = (name: string, value: string, setValue: (value: string) => void) => ({
    id: `${id}-${name}`,
    value,
    maxLength: LIMITS.profileTextMax,
    onChange: (event: ChangeEvent<HTMLInputElement>) => setValue(event.target.value),
  });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setProblem(null);
    update.mutate(
      {
        full_name: fullName,
        university,
        graduation_year: year.trim() === "" ? null : Number(year),
        major,
      },
      {
        onSuccess: () => {
          compactToast.success(MESSAGES.profile.updated);
          onSaved?.();
        },
        onError: (error) => {
          compactToast.error(MESSAGES.profile.updateFailed);
          if (error instanceof ApiError && error.status === 400 && error.detail) {
            setProblem(error.detail);
          }
        },
      },
    );
  };

  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <FullNameField id={`${id}-name`} value={fullName} onChange={setFullName} />
      <TextField
        label="University"
        autoComplete="organization"
        placeholder="e.g. Cornell University"
        {...text("university", university, setUniversity)}
      />
      <TextField
        id={`${id}-year`}
        label="Graduation Year"
        type="number"
        inputMode="numeric"
        min={LIMITS.graduationYearMin}
        max={LIMITS.graduationYearMax}
        value={year}
        placeholder="e.g. 2026"
        onChange={(event) => setYear(event.target.value)}
      />
      <TextField label="Major" placeholder="e.g. Economics" {...text("major", major, setMajor)} />
      <FormFooter error={problem} errorClassName="text-sm text-red-700" onCancel={onCancel}>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? "Saving..." : "Save"}
        </Button>
      </FormFooter>
    </form>
  );
}
