import {
  type Enrollment,
  type EnrollmentStep,
  FOLLOW_UP_KIND_LABELS,
} from "@reachout/contract/sequences";
import { ChevronDown, ChevronRight, Pause, Play, Square } from "lucide-react";
import { useState } from "react";
import { Button } from "../../../components/ui/button";
import { Badge } from "../../../components/ui/card";
import { Textarea } from "../../../components/ui/input";
import { errorDetail } from "../../../lib/api";
import {
  controlEnrollment,
  ENROLLMENT_STATUS_LABELS,
  updateFollowUp,
  useEnrollment,
  useInvalidateSequences,
} from "../../../lib/sequences";
import { toast } from "../../../lib/toast";

const TONES = {
  active: "brand",
  paused: "amber",
  replied: "green",
  bounced: "red",
  opted_out: "red",
  finished: "slate",
  stopped: "slate",
} as const;

export const formatTime = (iso: string | null) =>
  iso
    ? new Date(iso).toLocaleString(undefined, {
        weekday: "short",
        month: "short",
        day: "numeric",
        hour: "numeric",
        minute: "2-digit",
      })
    : "—";

export function EnrollmentStatusBadge({ status }: { status: Enrollment["status"] }) {
  return (
    <Badge tone={TONES[status]} data-testid="enrollment-status">
      {ENROLLMENT_STATUS_LABELS[status]}
    </Badge>
  );
}

/** One enrolment: status, follow-ups sent, next step time, controls, and its follow-ups. */
export function EnrollmentRow({ enrollment }: { enrollment: Enrollment }) {
  const [open, setOpen] = useState(false);
  const invalidate = useInvalidateSequences();
  const [busy, setBusy] = useState(false);
  const live = enrollment.status === "active" || enrollment.status === "paused";

  const act = async (action: "stop" | "pause" | "resume") => {
    setBusy(true);
    try {
      await controlEnrollment(enrollment.id, action);
      invalidate();
    } catch (error) {
      toast.error(errorDetail(error, "That did not work. Please try again."));
    } finally {
      setBusy(false);
    }
  };

  return (
    <li
      className="rounded-lg border border-slate-200"
      data-testid={`enrollment-${enrollment.contact_id}`}
    >
      <div className="flex flex-wrap items-center gap-3 p-3">
        <button
          type="button"
          onClick={() => setOpen((v) => !v)}
          aria-expanded={open}
          className="flex min-w-0 flex-1 items-center gap-2 text-left text-sm font-medium text-slate-900"
        >
          {open ? (
            <ChevronDown className="size-4" aria-hidden />
          ) : (
            <ChevronRight className="size-4" aria-hidden />
          )}
          <span className="truncate">{enrollment.contact_name}</span>
        </button>
        <EnrollmentStatusBadge status={enrollment.status} />
        <span className="text-sm text-slate-600">
          {enrollment.steps_sent} follow-up{enrollment.steps_sent === 1 ? "" : "s"} sent
        </span>
        <span className="text-sm text-slate-600">
          {enrollment.manual ? "Reminder due" : "Next"}: {formatTime(enrollment.next_step_at)}
        </span>
        {enrollment.status === "active" ? (
          <Button size="sm" variant="secondary" onClick={() => act("pause")} disabled={busy}>
            <Pause className="size-4" aria-hidden />
            Pause
          </Button>
        ) : null}
        {enrollment.status === "paused" ? (
          <Button size="sm" variant="secondary" onClick={() => act("resume")} disabled={busy}>
            <Play className="size-4" aria-hidden />
            Resume
          </Button>
        ) : null}
        {live ? (
          <Button size="sm" variant="secondary" onClick={() => act("stop")} disabled={busy}>
            <Square className="size-4" aria-hidden />
            Stop
          </Button>
        ) : null}
      </div>
      {enrollment.stopped_reason ? (
        <p className="px-3 pb-2 text-xs text-slate-500">{enrollment.stopped_reason}</p>
      ) : null}
      {open ? <FollowUps enrollmentId={enrollment.id} editable={live} /> : null}
    </li>
  );
}

function FollowUps({ enrollmentId, editable }: { enrollmentId: string; editable: boolean }) {
  const detail = useEnrollment(enrollmentId, true);
  if (detail.isLoading)
    return <p className="px-3 pb-3 text-sm text-slate-500">Loading follow-ups…</p>;
  if (!detail.data)
    return <p className="px-3 pb-3 text-sm text-red-600">The follow-ups could not be loaded.</p>;
  return (
    <ol className="space-y-3 border-t border-slate-200 p-3">
      {detail.data.steps.map((step) => (
        <FollowUp key={step.position} enrollmentId={enrollmentId} step={step} editable={editable} />
      ))}
    </ol>
  );
}

const STATE_LABELS: Record<EnrollmentStep["state"], string> = {
  planned: "Not sent yet",
  queued: "Sending",
  sent: "Sent",
  cancelled: "Not sent",
  failed: "Failed",
};

function FollowUp({
  enrollmentId,
  step,
  editable,
}: {
  enrollmentId: string;
  step: EnrollmentStep;
  editable: boolean;
}) {
  const invalidate = useInvalidateSequences();
  const [body, setBody] = useState(step.body ?? "");
  const [saving, setSaving] = useState(false);
  const canEdit = editable && step.state === "planned" && step.body !== null;
  const save = async () => {
    setSaving(true);
    try {
      await updateFollowUp(enrollmentId, step.position, body);
      invalidate();
      toast.success(`Follow-up ${step.position} saved.`);
    } catch (error) {
      toast.error(errorDetail(error, "The follow-up could not be saved."));
    } finally {
      setSaving(false);
    }
  };
  return (
    <li className="space-y-2" aria-label={`Follow-up ${step.position}`}>
      <p className="text-sm font-semibold text-slate-800">
        Follow-up {step.position} · {FOLLOW_UP_KIND_LABELS[step.email_format]} ·{" "}
        <span className="font-normal text-slate-600">
          {STATE_LABELS[step.state]}
          {step.sent_at ? ` ${formatTime(step.sent_at)}` : ""}
          {step.due_at ? ` · due ${formatTime(step.due_at)}` : ""}
        </span>
      </p>
      <p className="text-sm text-slate-600">Subject: {step.subject}</p>
      {step.body === null ? (
        <p className="text-sm italic text-slate-500">Written when it is due.</p>
      ) : canEdit ? (
        <>
          <Textarea
            aria-label={`Follow-up ${step.position} text`}
            value={body}
            rows={6}
            onChange={(e) => setBody(e.target.value)}
          />
          <div className="flex justify-end">
            <Button
              size="sm"
              onClick={save}
              disabled={saving || body.trim() === "" || body === step.body}
            >
              Save follow-up {step.position}
            </Button>
          </div>
        </>
      ) : (
        <p className="whitespace-pre-wrap rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
          {step.body}
        </p>
      )}
    </li>
  );
}
