import { givenNameOf, type NetworkContact } from "@reachout/contract";
import type { SequenceStep } from "../../db/schema";
import type { WriteInput } from "../emails";
import { extractResumeFacts, type ResumeFacts, writeSequenceFollowUp } from "../emails";

export interface FollowUpContext {
  senderName: string;
  facts: ResumeFacts;
}

/** What every follow-up of one student needs, read once per enrolment request. */
export function followUpContext(sender: WriteInput["sender"]): FollowUpContext {
  const fromEmail = (sender.email ?? "")
    .split("@")[0]
    .replace(/[._-]+/g, " ")
    .replace(/\b\w/g, (c) => c.toUpperCase());
  return {
    senderName: sender.name?.trim() || fromEmail || "A student",
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
