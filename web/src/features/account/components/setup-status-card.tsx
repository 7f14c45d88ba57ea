import { FileText, Mail } from "lucide-react";
import type { ReactNode } from "react";
import { MailboxConnectButtons } from "../../../components/mailbox-connect-buttons";
import { Card } from "../../../components/ui/card";
import { useLatestResume } from "../../../lib/latest-resume";
import { useMailboxName } from "../../../lib/mailbox";
import { useSetupStatus } from "../../../lib/use-setup-status";
import { CopyModeToggle } from "./copy-mode-choice";
import { ResumeUploadButton } from "./resume-upload-button";
import { StatusBadge } from "./status-badge";

/**
 * Setup Status: the resume row and the mailbox row (the spec's "Gmail row" in §2, which also offers
 * Outlook), each Complete or Pending with its action.
 */
export function SetupStatusCard() {
  const status = useSetupStatus();
  const resumeUploaded = Boolean(status.data?.resume_uploaded);
  const gmailConnected = Boolean(status.data?.gmail_connected);
  const copyMode = Boolean(status.data?.copy_mode);
  const latest = useLatestResume(resumeUploaded);
  const provider = useMailboxName();

  return (
    <Card aria-labelledby="setup-status-title" role="region">
      <h2 id="setup-status-title" className="text-lg font-semibold text-slate-900">
        Setup Status
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        A resume and a connected mailbox (Gmail or Outlook) are needed to generate and send emails.
        If your university blocks mail apps, copy mode lets you send each email from your own mail
        app.
      </p>
      <ul className="mt-4 divide-y divide-slate-100">
        <SetupRow
          testId="setup-resume"
          icon={<FileText className="size-5" aria-hidden />}
          title="Resume"
          complete={resumeUploaded}
          detail={
            resumeUploaded && latest.data ? (
              <a
                href={latest.data.resume_url}
                className="truncate text-brand-700 underline-offset-2 hover:underline"
                title={latest.data.filename}
              >
                {latest.data.filename}
              </a>
            ) : (
              "PDF, DOC or DOCX, under 5 MB"
            )
          }
          action={<ResumeUploadButton hasResume={resumeUploaded} />}
        />
        <SetupRow
          testId="setup-gmail"
          icon={<Mail className="size-5" aria-hidden />}
          title={
            gmailConnected ? `Mailbox: ${provider}` : copyMode ? "Mailbox (copy mode)" : "Mailbox"
          }
          complete={gmailConnected || copyMode}
          detail={
            gmailConnected
              ? `Emails go out from your ${provider} account`
              : copyMode
                ? "You send each email yourself from your own mail app"
                : "Gmail or Outlook, not connected"
          }
          action={
            <div className="flex flex-wrap gap-2">
              {gmailConnected ? null : <CopyModeToggle copyMode={copyMode} />}
              <MailboxConnectButtons connected={gmailConnected} />
            </div>
          }
        />
      </ul>
    </Card>
  );
}

function SetupRow({
  testId,
  icon,
  title,
  complete,
  detail,
  action,
}: {
  testId: string;
  icon: ReactNode;
  title: string;
  complete: boolean;
  detail: ReactNode;
  action: ReactNode;
}) {
  return (
    <li
      data-testid={testId}
      className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0 sm:flex-row sm:items-center"
    >
      <div className="flex min-w-0 flex-1 items-center gap-3">
        <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-brand-50 text-brand-700">
          {icon}
        </span>
        <div className="min-w-0">
          <p className="flex items-center gap-2 font-medium text-slate-900">
            <span>{title}</span> <StatusBadge complete={complete} />
          </p>
          <p className="flex min-w-0 text-sm text-slate-600">{detail}</p>
        </div>
      </div>
      {action}
    </li>
  );
}
