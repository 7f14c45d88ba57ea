import { LIMITS } from "@reachout/contract/constants";
import { type StringFieldProps, TextField } from "./ui/input";

/** The student's full name, which signs their emails: at sign-up and in the profile form. */
export function FullNameField({ id, value, onChange }: StringFieldProps) {
  return (
    <TextField
      id={id}
      label="Full Name"
      hint="Your emails are signed with this name."
      value={value}
      maxLength={LIMITS.profileTextMax}
      autoComplete="name"
      placeholder="e.g. Ada Lovelace"
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
