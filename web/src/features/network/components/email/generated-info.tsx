import {
  WRITER_FALLBACK_NOTICES,
  WRITER_FORMAT_LABELS,
  type WriterFormat,
} from "@reachout/contract/writer";
import { useId } from "react";
import { Link } from "react-router";
import { Button } from "../../../../components/ui/button";
import { Input, Label } from "../../../../components/ui/input";
import type { ShownEmail } from "./compose-state";

export interface GeneratedInfoProps {
  generating: WriterFormat | null;
  shown: ShownEmail | null;
  senderName: string;
  onSenderNameChange: (name: string) => void;
  onSaveSenderName: () => void;
  isSavingName: boolean;
}

/** Under the buttons: what is being written, or what was (its format, a fallback, a missing name). */
export function GeneratedInfo({
  generating,
  shown,
  senderName,
  onSenderNameChange,
  onSaveSenderName,
  isSavingName,
}: GeneratedInfoProps) {
  const nameId = useId();
  if (generating) {
    return (
      <p role="status" className="text-sm text-slate-600">
        Writing your {WRITER_FORMAT_LABELS[generating]} email…
      </p>
    );
  }
  if (!shown) return null;
  return (
    <div className="space-y-2 text-sm text-slate-600" data-testid="generated-info">
      <p role="status">
        Showing: <strong>{WRITER_FORMAT_LABELS[shown.format]}</strong> email
      </p>
      {shown.written_as ? (
        <p className="text-xs text-slate-500" data-testid="written-as">
          Written as: {shown.written_as}.{" "}
          <Link to="/account" className="font-medium text-brand-700 underline">
            Not right? Correct it on your Account page
          </Link>
        </p>
      ) : null}
      {shown.fallback_reason ? (
        <p className="text-xs text-slate-500">{WRITER_FALLBACK_NOTICES[shown.fallback_reason]}</p>
      ) : null}
      {shown.sender_name_missing ? (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            onSaveSenderName();
          }}
          className="flex flex-wrap items-end gap-2 rounded-md border border-amber-200 bg-amber-50 p-3"
        >
          <div className="min-w-48 flex-1">
            <Label htmlFor={nameId}>What's your full name? Your emails are signed with it.</Label>
            <Input
              id={nameId}
              value={senderName}
              maxLength={120}
              autoComplete="name"
              placeholder="e.g. Ada Lovelace"
              onChange={(event) => onSenderNameChange(event.target.value)}
            />
          </div>
          <Button type="submit" variant="secondary" disabled={!senderName.trim() || isSavingName}>
            {isSavingName ? "Saving..." : "Save name"}
          </Button>
        </form>
      ) : null}
    </div>
  );
}
