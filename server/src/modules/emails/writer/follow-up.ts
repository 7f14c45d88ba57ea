import type { ResumeFacts } from "./resume-facts";

/**
 * The suggested next message of an existing conversation (the thread's `body`): a thank-you
 * when the contact answered last, otherwise a short, polite follow-up. Instant and offline.
 */
export function writeFollowUp(input: {
  firstName: string;
  company: string | null;
  senderName: string;
  threadSubject: string;
  contactAnsweredLast: boolean;
  lastSentAt: Date;
}): { subject: string; body: string } {
  const subject = /^re:/i.test(input.threadSubject.trim())
    ? input.threadSubject.trim()
    : `Re: ${input.threadSubject.trim()}`;
  const when = input.lastSentAt.toLocaleDateString("en-US", {
    weekday: "long",
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  });
  const middle = input.contactAnsweredLast
    ? "Thank you so much for getting back to me, I really appreciate you taking the time. I'd love to find a time that works for you; I'm flexible most weekdays, so please let me know what suits you best."
    : `I wanted to follow up on my note from ${when} in case it got buried. I'd still love to hear about your work${input.company ? ` at ${input.company}` : ""}, and even 10 minutes of your time would mean a lot. I've attached my resume again for convenience.`;
  return {
    subject,
    body: `Hi ${input.firstName},\n\n${middle}\n\n${input.contactAnsweredLast ? "Best" : "Thank you"},\n${input.senderName}`,
  };
}

export type SequenceFollowUpKind = "bump" | "new_angle" | "close";

export interface SequenceFollowUpInput {
  kind: SequenceFollowUpKind;
  /** 1 for the first follow-up; picks a different resume fact for each new angle. */
  position: number;
  firstName: string;
  company: string | null;
  senderName: string;
  /** The first email of the sequence: the follow-up refers to it and never repeats it. */
  firstEmail: { subject: string; body: string };
  facts: ResumeFacts;
}

const threadSubjectOf = (subject: string) =>
  /^re:/i.test(subject.trim()) ? subject.trim() : `Re: ${subject.trim()}`;
const endWithStop = (text: string) =>
  /[.!?]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`;
const mentioned = (body: string, fact: string) =>
  body.toLowerCase().includes(fact.toLowerCase().slice(0, 40));

/** One resume fact the first email did not use: a highlight, else a skill; null when none. */
function freshFact(input: SequenceFollowUpInput): string | null {
  const unused = input.facts.highlights.filter((h) => !mentioned(input.firstEmail.body, h));
  const highlight = unused[(input.position - 1) % Math.max(1, unused.length)];
  if (highlight) return endWithStop(`I ${highlight.replace(/^I\s+/i, "")}`);
  const skills = input.facts.skills.filter((s) => !mentioned(input.firstEmail.body, s));
  if (skills.length)
    return `I've also been putting ${skills.slice(0, 2).join(" and ")} to work in my projects.`;
  return null;
}

/**
 * A follow-up of a sequence, in the first email's thread: a short bump, a new angle with one
 * resume fact the first email did not use, or a last polite close. It refers to the first
 * email ("my note below") without repeating it, and it never mentions an attachment: the
 * resume travels with the first email only.
 */
export function writeSequenceFollowUp(input: SequenceFollowUpInput): {
  subject: string;
  body: string;
} {
  const at = input.company?.trim() ? ` at ${input.company.trim()}` : "";
  let middle: string;
  let signOff = "Thank you";
  if (input.kind === "bump") {
    middle = `I wanted to bring my note below back to the top of your inbox in case it got buried. I know things${at} move quickly, so even a one-line reply or 10 minutes on a call would mean a lot.`;
  } else if (input.kind === "new_angle") {
    const fact = freshFact(input);
    middle = `${fact ? `One thing I didn't mention in my last note: ${fact.charAt(0).toLowerCase()}${fact.slice(1)} ` : "I've kept thinking about my last note. "}It's a big part of why I'd love to hear how you and your team${at} approach the work. If it's easier, pointing me to the right person would help just as much.`;
    signOff = "Best";
  } else {
    middle = `I don't want to crowd your inbox, so this will be my last note. If a short conversation ever makes sense, I'd be glad to hear from you, and if someone else${at} is better placed, a name would be a great help.`;
    signOff = "Thanks again for your time";
  }
  return {
    subject: threadSubjectOf(input.firstEmail.subject),
    body: `Hi ${input.firstName},\n\n${middle}\n\n${signOff},\n${input.senderName}`,
  };
}
