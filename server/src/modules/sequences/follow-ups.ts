import { givenNameOf, type NetworkContact } from "@reachout/contract";
import { eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { emailMessages, type SequenceStep, sequences } from "../../db/schema";
import type { WriteInput } from "../emails";
import { extractResumeFacts, loadSender, type ResumeFacts, writeSequenceFollowUp } from "../emails";

export interface FollowUpContext {
  senderName: string;
  facts: ResumeFacts;
}

/**
 * What every follow-up of one student needs, read once per enrolment request. The name is the
 * student's own (profile, Google or resume), never one guessed from the email address: without
 * it the follow-up is signed without a name, as the first email is.
 */
export function followUpContext(sender: WriteInput["sender"]): FollowUpContext {
  return {
    senderName: sender.name?.trim() ?? "",
    facts: extractResumeFacts(sender.resumeText),
  };
}

/** The text of follow-up `position` (1-based) after the given first email. */
export function writeFollowUpFor(
  context: FollowUpContext,
  contact: Pick<NetworkContact, "first_name" | "full_name" | "company">,
  steps: SequenceStep[],
  position: number,
  firstEmail: { subject: string; body: string },
): { subject: string; body: string } {
  return writeSequenceFollowUp({
    kind: steps[position - 1]?.email_format ?? "bump",
    position,
    firstName:
      givenNameOf({ firstName: contact.first_name, fullName: contact.full_name }) || "there",
    company: contact.company,
    senderName: context.senderName,
    firstEmail,
    facts: context.facts,
  });
}

/**
 * A follow-up left to write when due, written now from the enrolment's first email and the
 * student's current resume; null when the first email or the sequence is gone.
 */
export async function writeDueFollowUp(
  db: DbOrTx,
  enrollment: { userId: string; firstEmailId: string; sequenceId: string },
  contact: Pick<NetworkContact, "first_name" | "full_name" | "company">,
  position: number,
): Promise<string | null> {
  const [[first], [sequence], sender] = await Promise.all([
    db.select().from(emailMessages).where(eq(emailMessages.id, enrollment.firstEmailId)),
    db.select().from(sequences).where(eq(sequences.id, enrollment.sequenceId)),
    loadSender(db, enrollment.userId),
  ]);
  if (!first || !sequence) return null;
  return writeFollowUpFor(followUpContext(sender), contact, sequence.steps, position, {
    subject: first.subject,
    body: first.body,
  }).body;
}
