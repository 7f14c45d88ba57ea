import { processEmailJob } from "../src/modules/emails/send-job";
import { advanceEnrollment, sweepSequences } from "../src/modules/sequences/advance";
import { emailRows, enrollmentRow } from "./factories";
import type { TestApp } from "./helpers";

/**
 * Runs a sequence the way the workers do, one step at a time (tests set SEQUENCE_MINUTE_SECONDS
 * low, so a "1 minute" wait lasts milliseconds).
 */

/** Sends every due email of the user the way the send job does. */
export async function sendDueEmails(t: TestApp, userId: string): Promise<void> {
  for (const row of await emailRows(t, userId)) {
    if (row.status === "scheduled") await processEmailJob(t.deps, row.id);
  }
}

/** Lets the enrolment's next step fall due, then runs the sweep and the step job. */
export async function runNextSequenceStep(t: TestApp, enrollmentId: string): Promise<void> {
  await sweepSequences(t.deps); // schedules the step after the message just sent
  const enrollment = await enrollmentRow(t, enrollmentId);
  if (enrollment.nextStepAt) {
    const wait = enrollment.nextStepAt.getTime() - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait + 5));
  }
  await sweepSequences(t.deps);
  await advanceEnrollment(t.deps, enrollmentId, enrollment.currentStep + 1);
}
