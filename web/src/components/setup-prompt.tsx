import { CheckCircle2, FileText, Mail } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import type { MissingSetup } from "../lib/use-setup-status";
import { MailboxConnectButtons } from "./mailbox-connect-buttons";
import { Button } from "./ui/button";
import { Dialog } from "./ui/dialog";

export interface SetupPromptProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  missing: MissingSetup;
}

/**
 * "Complete Your Setup": shown by every email feature when the resume or the Gmail connection
 * is missing. Names each missing step and offers the way to fix it.
 */
export function SetupPrompt({ open, onOpenChange, missing }: SetupPromptProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Complete Your Setup"
      description="You need an uploaded resume and a connected mailbox (Gmail or Outlook) before you can generate or send emails."
    >
      <ul className="space-y-3">
        <SetupStep
          done={!missing.resume}
          icon={<FileText className="size-5" aria-hidden />}
          title="Upload your resume"
          text="We attach it to your emails and use it to personalise them."
          action={
            <Link
              to="/profile"
              onClick={() => onOpenChange(false)}
              className="inline-flex h-8 items-center rounded-lg bg-brand-600 px-3 text-sm font-medium text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
            >
              Upload Resume
            </Link>
          }
        />
        <SetupStep
          done={!missing.gmail}
          icon={<Mail className="size-5" aria-hidden />}
          title="Connect your Gmail or Outlook"
          text="Emails are sent from your own mailbox, and replies are tracked."
          action={<MailboxConnectButtons connected={!missing.gmail} />}
        />
      </ul>
      <div className="mt-6 flex justify-end">
        <Button variant="secondary" onClick={() => onOpenChange(false)}>
          Close
        </Button>
      </div>
    </Dialog>
  );
}

function SetupStep({
  done,
  icon,
  title,
  text,
  action,
}: {
  done: boolean;
  icon: ReactNode;
  title: string;
  text: string;
  action: ReactNode;
}) {
  return (
    <li className="flex flex-wrap items-center gap-3 rounded-xl border border-slate-200 p-3 sm:flex-nowrap">
      <span
        className={
          done
            ? "grid size-9 shrink-0 place-items-center rounded-full bg-emerald-100 text-emerald-700"
            : "grid size-9 shrink-0 place-items-center rounded-full bg-amber-100 text-amber-700"
        }
      >
        {done ? <CheckCircle2 className="size-5" aria-hidden /> : icon}
      </span>
      <div className="min-w-0 flex-1">
        <p className="font-medium text-slate-900">
          {title}
          <span className="sr-only">{done ? " (complete)" : " (missing)"}</span>
        </p>
        <p className="text-sm text-slate-600">{text}</p>
      </div>
      {done ? <span className="text-sm font-medium text-emerald-700">Complete</span> : action}
    </li>
  );
}
