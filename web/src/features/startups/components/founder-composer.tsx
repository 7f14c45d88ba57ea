import {
  Check,
  Clock,
  Copy,
  ExternalLink,
  Linkedin,
  Loader2,
  MapPin,
  Send,
  Sparkles,
} from "lucide-react";
import { useState } from "react";
import { BusyIcon } from "../../../components/ui/busy-icon";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { Input, Label, Textarea } from "../../../components/ui/input";
import { NewTabLink } from "../../../components/ui/new-tab-link";
import { cn } from "../../../lib/cn";
import { type ComposerTarget, useFounderComposer } from "../hooks/use-founder-composer";
import { founderLinkedin, founderName, founderTitle, initialsOf } from "../lib/founder";
import { ScheduleFounderDialog } from "./schedule-founder-dialog";

const LINK =
  "inline-flex items-center gap-1 rounded-md font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600";

export function FounderComposer({
  target,
  userId,
  onClose,
  onNeedGmail,
}: {
  target: ComposerTarget | null;
  userId: string;
  onClose: () => void;
  /** Called instead of sending when the Gmail connection is known to be missing. */
  onNeedGmail: () => boolean;
}) {
  const composer = useFounderComposer(target, userId, onClose);
  const [scheduleOpen, setScheduleOpen] = useState(false);
  const [copied, setCopied] = useState(false);
  if (!target) return null;
  const { startup, founder } = target;
  const name = founderName(founder);
  const linkedin = founderLinkedin(founder);
  const isGenerating = composer.generating !== null;
  const locked = isGenerating || composer.busy !== null;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(`Subject: ${composer.subject}\n\n${composer.body}`);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      setCopied(false);
    }
  };

  const openSchedule = async () => {
    if (onNeedGmail()) return;
    if (await composer.prepareSchedule()) setScheduleOpen(true);
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      className="max-w-2xl"
      title={
        <span className="flex items-center gap-3">
          <span
            className="grid size-10 shrink-0 place-items-center rounded-full bg-brand-600 text-sm font-bold text-white"
            aria-hidden
          >
            {initialsOf(founder.person_name)}
          </span>
          <span>{name}</span>
        </span>
      }
      description={`${founderTitle(founder)} at ${startup.org_name}`}
    >
      <div className="-mt-2 mb-4 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-600">
        {startup.location ? (
          <span className="inline-flex items-center gap-1">
            <MapPin className="size-4" aria-hidden />
            {startup.location}
          </span>
        ) : null}
        {linkedin ? (
          <NewTabLink href={linkedin} className={LINK}>
            <Linkedin className="size-4" aria-hidden />
            LinkedIn
          </NewTabLink>
        ) : null}
        {startup.org_url ? (
          <NewTabLink href={startup.org_url} className={LINK}>
            <ExternalLink className="size-4" aria-hidden />
            Startup data
          </NewTabLink>
        ) : null}
      </div>

      <div className="relative" aria-busy={isGenerating}>
        <div
          className={cn("space-y-4", isGenerating && "pointer-events-none select-none blur-[2px]")}
        >
          <div>
            <Label htmlFor="founder-intro">Custom Intro (optional)</Label>
            <Textarea
              id="founder-intro"
              rows={2}
              maxLength={2000}
              value={composer.intro}
              onChange={(event) => composer.changeIntro(event.target.value)}
              placeholder="A line about you that Precision Email puts first"
              aria-describedby="founder-intro-hint"
            />
            <p id="founder-intro-hint" className="mt-1 text-xs text-slate-500">
              Kept on this device for all your startup emails.
            </p>
          </div>
          <div>
            <Label htmlFor="founder-subject">Subject</Label>
            <Input
              id="founder-subject"
              value={composer.subject}
              maxLength={300}
              onChange={(event) => composer.setSubject(event.target.value.replace(/[\r\n]/g, " "))}
            />
          </div>
          <div>
            <Label htmlFor="founder-body">Email Body</Label>
            <Textarea
              id="founder-body"
              rows={10}
              value={composer.body}
              maxLength={20_000}
              onChange={(event) => composer.setBody(event.target.value)}
            />
          </div>
          {composer.inlineError ? (
            <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
              {composer.inlineError}
            </p>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onClick={composer.generatePrecision} disabled={locked}>
              <Sparkles className="size-4" aria-hidden />
              Precision Email
            </Button>
            <Button
              onClick={() => {
                if (!onNeedGmail()) void composer.send();
              }}
              disabled={locked || !composer.hasDraft}
            >
              <BusyIcon busy={composer.busy === "send"} icon={Send} />
              {composer.busy === "send" ? "Sending..." : "Send Email"}
            </Button>
            <Button
              variant="secondary"
              onClick={() => void openSchedule()}
              disabled={locked || !composer.hasDraft}
            >
              <Clock className="size-4" aria-hidden />
              Schedule
            </Button>
            <Button
              variant="ghost"
              onClick={() => void copy()}
              disabled={locked || (!composer.subject && !composer.body)}
            >
              {copied ? (
                <Check className="size-4" aria-hidden />
              ) : (
                <Copy className="size-4" aria-hidden />
              )}
              {copied ? "Copied!" : "Copy Email"}
            </Button>
          </div>
        </div>
        {isGenerating ? (
          <div className="absolute inset-0 grid place-items-center" role="status">
            <span className="inline-flex items-center gap-2 rounded-full bg-white px-4 py-2 text-sm font-medium text-slate-700 shadow">
              <Loader2 className="size-4 animate-spin text-brand-600" aria-hidden />
              {composer.generating === "precision"
                ? "Writing a precision email..."
                : "Writing your email..."}
            </span>
          </div>
        ) : null}
      </div>

      <ScheduleFounderDialog
        open={scheduleOpen}
        onOpenChange={setScheduleOpen}
        to={composer.recipient ?? ""}
        subject={composer.subject}
        body={composer.body}
        busy={composer.busy === "schedule"}
        onSchedule={(at) => void composer.schedule(at)}
      />
    </Dialog>
  );
}
