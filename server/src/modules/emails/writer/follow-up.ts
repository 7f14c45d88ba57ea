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
