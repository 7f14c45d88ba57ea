import { Input, Label } from "../../../components/ui/input";

export function EmailField({
  id,
  value,
  onChange,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div>
      <Label htmlFor={id}>Email</Label>
      <Input
        id={id}
        name="email"
        type="email"
        autoComplete="email"
        required
        maxLength={254}
        placeholder="you@university.edu"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
