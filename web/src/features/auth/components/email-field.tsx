import { type StringFieldProps, TextField } from "../../../components/ui/input";

export function EmailField({ id, value, onChange }: StringFieldProps) {
  return (
    <TextField
      id={id}
      label="Email"
      name="email"
      type="email"
      autoComplete="email"
      required
      maxLength={254}
      placeholder="you@university.edu"
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
