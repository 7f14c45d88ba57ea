import type { NetworkContact } from "@reachout/contract/contacts";
import { type FormEvent, useId, useState } from "react";
import { BusyIcon } from "../../../../components/ui/busy-icon";
import { Button } from "../../../../components/ui/button";
import { Dialog } from "../../../../components/ui/dialog";
import { FormFooter } from "../../../../components/ui/form-footer";
import { Input, Label } from "../../../../components/ui/input";
import { errorDetail } from "../../../../lib/api";
import { addOwnContact } from "../../api/own-contacts";

const FIELDS = [
  { name: "full_name", label: "Full Name", required: true, type: "text", autoComplete: "name" },
  { name: "email", label: "Email", required: true, type: "email", autoComplete: "email" },
  {
    name: "title",
    label: "Title",
    required: false,
    type: "text",
    autoComplete: "organization-title",
  },
  {
    name: "company",
    label: "Company",
    required: false,
    type: "text",
    autoComplete: "organization",
  },
  { name: "location", label: "Location", required: false, type: "text", autoComplete: "off" },
  {
    name: "linkedin",
    label: "LinkedIn (optional)",
    required: false,
    type: "url",
    autoComplete: "url",
  },
] as const;

type Values = Record<(typeof FIELDS)[number]["name"], string>;
const EMPTY: Values = {
  full_name: "",
  email: "",
  title: "",
  company: "",
  location: "",
  linkedin: "",
};

/** "Add Contact": someone the user already knows, free and visible only to them. */
export function AddContactDialog({
  open,
  onOpenChange,
  onAdded,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onAdded: (contact: NetworkContact) => void;
}) {
  const [values, setValues] = useState<Values>(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();

  const close = (next: boolean) => {
    if (busy) return;
    if (!next) {
      setValues(EMPTY);
      setError(null);
    }
    onOpenChange(next);
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const contact = await addOwnContact(values);
      setBusy(false);
      setValues(EMPTY);
      onAdded(contact);
      onOpenChange(false);
    } catch (failure) {
      setBusy(false);
      setError(errorDetail(failure, "The contact could not be added. Please try again."));
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title="Add Contact"
      description="Someone you already know. Your own contacts cost no credits and only you see them."
    >
      <form className="flex flex-col gap-3" onSubmit={submit} noValidate>
        <div className="grid gap-3 sm:grid-cols-2">
          {FIELDS.map((field) => (
            <div
              key={field.name}
              className={field.name === "linkedin" ? "sm:col-span-2" : undefined}
            >
              <Label htmlFor={`${id}-${field.name}`}>
                {field.label}
                {field.required && <span aria-hidden> *</span>}
              </Label>
              <Input
                id={`${id}-${field.name}`}
                name={field.name}
                type={field.type}
                autoComplete={field.autoComplete}
                required={field.required}
                value={values[field.name]}
                onChange={(event) => {
                  setValues({ ...values, [field.name]: event.target.value });
                  setError(null);
                }}
                placeholder={
                  field.name === "linkedin" ? "https://www.linkedin.com/in/..." : undefined
                }
              />
            </div>
          ))}
        </div>
        <FormFooter
          error={error}
          errorClassName="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700"
          onCancel={() => close(false)}
          busy={busy}
        >
          <Button type="submit" disabled={busy || !values.full_name.trim() || !values.email.trim()}>
            <BusyIcon busy={busy} />
            {busy ? "Adding..." : "Add Contact"}
          </Button>
        </FormFooter>
      </form>
    </Dialog>
  );
}
