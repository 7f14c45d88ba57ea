import type { Sequence } from "@reachout/contract/sequences";
import { FOLLOW_UP_KIND_LABELS } from "@reachout/contract/sequences";
import { Pencil, Plus, Trash2, UserPlus } from "lucide-react";
import { useState } from "react";
import { Button } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { errorDetail } from "../../../lib/api";
import { useMailboxName } from "../../../lib/mailbox";
import {
  deleteSequence,
  describeWait,
  useInvalidateSequences,
  useSequenceEnrollments,
  useSequences,
} from "../../../lib/sequences";
import { toast } from "../../../lib/toast";
import { useHealth } from "../../../lib/use-sandbox";
import { useSetupStatus } from "../../../lib/use-setup-status";
import { EnrollForm } from "../components/enroll-form";
import { EnrollmentRow } from "../components/enrollment-row";
import { FollowUpReminders } from "../components/follow-up-reminders";
import { SequenceForm } from "../components/sequence-form";

export default function SequencesPage() {
  const sequences = useSequences();
  const invalidate = useInvalidateSequences();
  const copyMode = Boolean(useSetupStatus().data?.copy_mode);
  const mailbox = useMailboxName();
  const [creating, setCreating] = useState(false);
  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-8 sm:px-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Sequences</h1>
          <p className="mt-1 text-sm text-slate-600">
            {copyMode
              ? "Follow-up reminders on business days: you send each one from your own mail app. A reply stops them."
              : `Follow-ups in the same ${mailbox} thread as your first email, on business days. A reply stops them.`}
          </p>
        </div>
        <Button onClick={() => setCreating(true)} disabled={creating}>
          <Plus className="size-4" aria-hidden />
          New sequence
        </Button>
      </div>
      {copyMode ? <FollowUpReminders /> : null}
      {creating ? (
        <Card>
          <SequenceForm
            onSaved={() => {
              setCreating(false);
              invalidate();
            }}
            onCancel={() => setCreating(false)}
          />
        </Card>
      ) : null}
      {sequences.isLoading ? <p className="text-sm text-slate-500">Loading sequences…</p> : null}
      {sequences.data?.length === 0 && !creating ? (
        <Card>
          <p className="text-sm text-slate-700">
            No sequence yet. Create one, or pick "Send with follow-ups" when you email a contact:
            follow-ups after 3 and 7 business days are ready to use.
          </p>
        </Card>
      ) : null}
      {sequences.data?.map((sequence) => (
        <SequenceCard key={sequence.id} sequence={sequence} copyMode={copyMode} />
      ))}
    </div>
  );
}

function SequenceCard({ sequence, copyMode }: { sequence: Sequence; copyMode: boolean }) {
  const enrollments = useSequenceEnrollments(sequence.id);
  const sandbox = useHealth().data?.mode === "sandbox";
  const invalidate = useInvalidateSequences();
  const [editing, setEditing] = useState(false);
  const [enrolling, setEnrolling] = useState(false);

  const remove = async () => {
    try {
      await deleteSequence(sequence.id);
      invalidate();
    } catch (error) {
      toast.error(errorDetail(error, "The sequence could not be deleted."));
    }
  };

  return (
    <Card className="space-y-4" aria-label={sequence.name} role="region">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold text-slate-900">{sequence.name}</h2>
        <div className="flex gap-2">
          {copyMode ? null : (
            <Button size="sm" variant="secondary" onClick={() => setEnrolling(true)}>
              <UserPlus className="size-4" aria-hidden />
              Enrol contacts
            </Button>
          )}
          <Button size="sm" variant="secondary" onClick={() => setEditing((v) => !v)}>
            <Pencil className="size-4" aria-hidden />
            Edit
          </Button>
          <Button size="sm" variant="ghost" onClick={remove} aria-label={`Delete ${sequence.name}`}>
            <Trash2 className="size-4" aria-hidden />
          </Button>
        </div>
      </div>
      {editing ? (
        <SequenceForm
          sequence={sequence}
          onSaved={() => {
            setEditing(false);
            invalidate();
          }}
          onCancel={() => setEditing(false)}
        />
      ) : null}
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <thead className="text-slate-600">
            <tr>
              <th className="py-2 pr-4 font-medium">Step</th>
              <th className="py-2 pr-4 font-medium">Wait</th>
              <th className="py-2 pr-4 font-medium">Sent</th>
              <th className="py-2 pr-4 font-medium">Replied</th>
              <th className="py-2 font-medium">Reply rate</th>
            </tr>
          </thead>
          <tbody>
            {sequence.stats.map((step) => (
              <tr key={step.position} className="border-t border-slate-100">
                <td className="py-2 pr-4 text-slate-900">
                  {step.position === 0
                    ? "First email"
                    : `Follow-up ${step.position} · ${FOLLOW_UP_KIND_LABELS[step.email_format]}`}
                </td>
                <td className="py-2 pr-4 text-slate-700">
                  {step.position === 0 ? "—" : describeWait(step.wait_minutes)}
                </td>
                <td className="py-2 pr-4 text-slate-700">{step.sent}</td>
                <td className="py-2 pr-4 text-slate-700">{step.replied}</td>
                <td className="py-2 text-slate-700">{Math.round(step.reply_rate * 100)}%</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="text-xs text-slate-500">
        Sending hours:{" "}
        {sequence.window_start && sequence.window_end
          ? `${sequence.window_start}–${sequence.window_end}`
          : sandbox
            ? "any time (sandbox mode; set hours to try them)"
            : "08:00–18:00 (default)"}
        , business days, in the recipient's time zone when known
        {sequence.time_zone ? `, else ${sequence.time_zone}` : ""}.
      </p>
      {enrolling ? (
        <EnrollForm sequenceId={sequence.id} onDone={() => setEnrolling(false)} />
      ) : null}
      <section aria-label={`${sequence.name} enrolments`} className="space-y-2">
        <h3 className="text-sm font-semibold text-slate-800">Enrolments</h3>
        {enrollments.data?.length === 0 ? (
          <p className="text-sm text-slate-600">Nobody enrolled yet.</p>
        ) : null}
        <ul className="space-y-2">
          {enrollments.data?.map((enrollment) => (
            <EnrollmentRow key={enrollment.id} enrollment={enrollment} />
          ))}
        </ul>
      </section>
    </Card>
  );
}
