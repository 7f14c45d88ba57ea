import { LIMITS } from "@reachout/contract/constants";
import { MESSAGES } from "@reachout/contract/messages";
import type { ProfileResponse } from "@reachout/contract/profile";
import { useId, useState } from "react";
import { Button } from "../../../components/ui/button";
import { Input, Label } from "../../../components/ui/input";
import { ApiError } from "../../../lib/api";
import { compactToast } from "../../../lib/toast";
import { useUpdateProfile } from "../../../lib/update-profile";

const PROFILE_TEXT_MAX = 120;

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
      <div>
        <Label htmlFor={`${id}-name`}>Full Name</Label>
        <Input
          id={`${id}-name`}
          value={fullName}
          maxLength={PROFILE_TEXT_MAX}
          autoComplete="name"
          placeholder="e.g. Ada Lovelace"
          onChange={(event) => setFullName(event.target.value)}
        />
        <p className="mt-1 text-xs text-slate-500">Your emails are signed with this name.</p>
      </div>
      <div>
        <Label htmlFor={`${id}-university`}>University</Label>
        <Input
          id={`${id}-university`}
          value={university}
          maxLength={PROFILE_TEXT_MAX}
          autoComplete="organization"
          placeholder="e.g. Cornell University"
          onChange={(event) => setUniversity(event.target.value)}
        />
      </div>
      <div>
        <Label htmlFor={`${id}-year`}>Graduation Year</Label>
        <Input
          id={`${id}-year`}
          type="number"
          inputMode="numeric"
          min={LIMITS.graduationYearMin}
          max={LIMITS.graduationYearMax}
          value={year}
          placeholder="e.g. 2026"
          onChange={(event) => setYear(event.target.value)}
        />
      </div>
      <div>
        <Label htmlFor={`${id}-major`}>Major</Label>
        <Input
          id={`${id}-major`}
          value={major}
          maxLength={PROFILE_TEXT_MAX}
          placeholder="e.g. Economics"
          onChange={(event) => setMajor(event.target.value)}
        />
      </div>
      {problem ? (
        <p role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      ) : null}
      <div className="flex justify-end gap-2">
        {onCancel ? (
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? "Saving..." : "Save"}
        </Button>
      </div>
    </form>
  );
}
