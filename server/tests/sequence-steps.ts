import type { EnrollRequest, SaveSequenceRequest, Sequence } from "@reachout/contract";
import { eq } from "drizzle-orm";
import { sequenceEnrollments } from "../src/db/schema";
import { processEmailJob } from "../src/modules/emails/send-job";
import { advanceMailbox, sweepSequences } from "../src/modules/sequences/advance";
import { emailRows, enrollmentRow } from "./factories";
import type { TestApp } from "./helpers";

/**
 * Makes sequences and enrolments through the API, and runs them the way the workers do, one step
 * at a time.
 */

type Auth = Record<string, string>;

/** POST /api/sequences as the user of `auth`: "Bankers", two 1-minute follow-ups unless given. */
export async function addSequence(
  t: TestApp,
  auth: Auth,
  request: Partial<SaveSequenceRequest> = {},
) {
  const response = await t.app.inject({
    method: "POST",
    url: "/api/sequences",
    headers: auth,
    payload: { name: "Bankers", steps: [{ wait_minutes: 1 }, { wait_minutes: 1 }], ...request },
  });
  if (response.statusCode !== 201) {
    throw new Error(`sequence not created (${response.statusCode}): ${response.body}`);
  }
  return response.json() as Sequence;
}

/** POST /api/sequences/:id/enroll as the user of `auth`, with a "Hello" / "Hi" email unless given. */
export function enrollInSequence(
  t: TestApp,
  auth: Auth,
  sequenceId: string,
  contactIds: string[],
  email: Partial<EnrollRequest> = {},
) {
  return t.app.inject({
    method: "POST",
    url: `/api/sequences/${sequenceId}/enroll`,
    headers: auth,
    payload: { contact_ids: contactIds, subject: "Hello", body: "Hi", ...email },
  });
}

/** Sends every due email of the user the way the send job does. */
export async function sendDueEmails(t: TestApp, userId: string): Promise<void> {
  for (const row of await emailRows(t, userId)) {
    if (row.status === "scheduled") await processEmailJob(t.deps, row.id);
  }
}

/**
 * Makes the enrolment's next step due now instead of waiting for it, then runs the sweep and the
 * step job.
 */
export async function runNextSequenceStep(t: TestApp, enrollmentId: string): Promise<void> {
  await sweepSequences(t.deps); // schedules the step after the message just sent
  const enrollment = await enrollmentRow(t, enrollmentId);
  if (enrollment.nextStepAt && enrollment.nextStepAt.getTime() > Date.now()) {
    await t.deps.database.db
      .update(sequenceEnrollments)
      .set({ nextStepAt: new Date() })
      .where(eq(sequenceEnrollments.id, enrollmentId));
  }
  await sweepSequences(t.deps);
  await advanceMailbox(t.deps, enrollment.userId);
}
