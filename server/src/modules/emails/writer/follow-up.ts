import type { ResumeFacts as StructuredFacts } from "@reachout/contract";
import { type Achievement, achievementsOf, extractResumeFacts } from "./resume-facts";

/** What a contact's answer asks of the student: a time they proposed, and the questions they asked. */
export interface ReplyReading {
  /** The time they proposed, in their words ("Thursday at 2pm"), when they gave one. */
  proposedTime: string | null;
  /** Their questions, as they wrote them, at most three. */
  questions: string[];
  asksForResume: boolean;
  asksForAvailability: boolean;
  asksGraduation: boolean;
  asksInterests: boolean;
}

const DAY = "(?:mon|tues|wednes|thurs|fri|satur|sun)day|tomorrow";
const CLOCK = String.raw`\d{1,2}(?::\d{2})?\s*(?:am|pm|a\.m\.|p\.m\.)|\d{1,2}:\d{2}|noon`;
const PROPOSED_TIME = new RegExp(
  String.raw`\b(?:(?:this|next)\s+)?(?:${DAY})(?:\s+(?:morning|afternoon|evening))?(?:,?\s+(?:\w+\s+\d{1,2}(?:st|nd|rd|th)?,?\s+)?(?:at|around|@)\s+(?:${CLOCK}))?|\b(?:at|around)\s+(?:${CLOCK})`,
  "i",
);

/** Reads a contact's answer: the time they proposed and what they asked. Conservative and offline. */
export function readReply(text: string): ReplyReading {
  const plain = text.replace(/\s+/g, " ").trim();
  const time = PROPOSED_TIME.exec(plain)?.[0]?.trim() ?? null;
  const questions = (plain.match(/[^.!?]*\?/g) ?? [])
    .map((q) => q.trim())
    .filter((q) => q.length > 3)
    .slice(0, 3);
  const asked = questions.join(" ").toLowerCase();
  const lower = plain.toLowerCase();
  return {
    proposedTime: time ? time.replace(/^(at|around)\s+/i, "at ") : null,
    questions,
    asksForResume:
      /\b(resume|résumé|cv)\b/.test(lower) && /\b(send|share|attach|forward)\b/.test(lower),
    asksForAvailability:
      /\b(availability|available|what times?|when (?:are|would) you|free to)\b/.test(asked),
    asksGraduation: /\bgraduat/.test(asked),
    asksInterests:
      /\b(what (?:kind of |type of )?(?:role|roles|position|positions|team|teams)|interested in|looking for)\b/.test(
        asked,
      ),
  };
}

/** What the student can say about themselves in a reply, from the profile and the resume. */
export interface ReplySender {
  name: string;
  graduationYear?: number | null;
  major?: string | null;
  university?: string | null;
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The student's answer to a contact who wrote back: it takes up what they said. */
function answerTo(reading: ReplyReading, sender: ReplySender): string[] {
  const lines: string[] = [];
  if (reading.proposedTime) {
    lines.push(
      `${capitalised(reading.proposedTime)} works perfectly for me. I'll keep that time free; please send over whatever link or number you'd like to use, or I'm happy to send a calendar invite.`,
    );
  } else if (reading.asksForAvailability) {
    lines.push(
      "I'm flexible most weekdays: Tuesday or Thursday afternoon would be ideal, but I'm glad to work around your schedule.",
    );
  }
  if (reading.asksGraduation && sender.graduationYear) {
    const school = sender.university ? ` from ${sender.university}` : "";
    lines.push(`To your question: I graduate${school} in ${sender.graduationYear}.`);
  }
  if (reading.asksInterests && sender.major) {
    lines.push(
      `To your question about what I'm looking for: I'm studying ${sender.major} and I'm most interested in roles where I can put that to work on real problems. I'd love to hear which teams you think would be a good fit.`,
    );
  }
  if (reading.asksForResume) lines.push("I've attached my resume to this email.");
  const answered =
    lines.length > 0 || reading.questions.length === 0
      ? []
      : [
          `You asked: "${reading.questions[0]}" I'd love to answer that properly; I can share more detail in a short call or here, whichever you prefer.`,
        ];
  return [...lines, ...answered];
}

/**
 * The suggested next message of an existing conversation (the thread's `body`): when the contact
 * answered last, a reply that takes up what they said (accepts a proposed time, answers their
 * question); otherwise a short, polite follow-up. Instant and offline.
 */
export function writeFollowUp(input: {
  firstName: string;
  company: string | null;
  senderName: string;
  threadSubject: string;
  contactAnsweredLast: boolean;
  lastSentAt: Date;
  /** The contact's last answer, when they answered last. */
  lastReplyText?: string;
  sender?: Omit<ReplySender, "name">;
}): { subject: string; body: string } {
  const subject = followUpSubject(input.threadSubject);
  const when = input.lastSentAt.toLocaleDateString("en-US", {
    weekday: "long",
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  });
  const answer = input.contactAnsweredLast
    ? answerTo(readReply(input.lastReplyText ?? ""), {
        name: input.senderName,
        ...input.sender,
      })
    : [];
  const thanks =
    "Thank you so much for getting back to me, I really appreciate you taking the time.";
  const middle = input.contactAnsweredLast
    ? answer.length > 0
      ? [thanks, ...answer].join("\n\n")
      : `${thanks} I'd love to find a time that works for you; I'm flexible most weekdays, so please let me know what suits you best.`
    : `I wanted to follow up on my note from ${when} in case it got buried. I'd still love to hear about your work${input.company ? ` at ${input.company}` : ""}, and even 10 minutes of your time would mean a lot. I've attached my resume again for convenience.`;
  return {
    subject,
    body: `Hi ${input.firstName},\n\n${middle}\n\n${signedOff(input.contactAnsweredLast ? "Best" : "Thank you", input.senderName)}`,
  };
}

/** "Best,\nMaya Chen", or "Best," alone when the student's name is not known. */
const signedOff = (closing: string, name: string) =>
  name ? `${closing},\n${name}` : `${closing},`;

/** Lower-cases a sentence's first letter to run on after a colon, but never the word "I". */
export function lowerFirstWord(sentence: string): string {
  if (/^I\b/.test(sentence) || /^[A-Z]{2,}/.test(sentence)) return sentence;
  return `${sentence.charAt(0).toLowerCase()}${sentence.slice(1)}`;
}

export type SequenceFollowUpKind = "bump" | "new_angle" | "close";

export interface SequenceFollowUpInput {
  kind: SequenceFollowUpKind;
  /** 1 for the first follow-up. */
  position: number;
  /** How many new angles come before this step in its sequence: each adds a different fact. */
  angle: number;
  /** The recipient's given name ("there" when unknown). */
  firstName: string;
  company: string | null;
  /** The student's own name; "" signs without one. */
  senderName: string;
  /** The first email of the sequence: the follow-up refers to it and never repeats it. */
  firstEmail: { subject: string; body: string };
  /** What Reachout read from the resume, with the student's corrections. */
  resume: StructuredFacts;
}

/**
 * A follow-up's subject: "Re: " and the first email's, so it keeps the thread. The sequence
 * code sets it, never a writer.
 */
export const followUpSubject = (subject: string) =>
  /^re:/i.test(subject.trim()) ? subject.trim() : `Re: ${subject.trim()}`;
const mentioned = (body: string, fact: string) =>
  body.toLowerCase().includes(fact.toLowerCase().slice(0, 40));

/** "maps bike racks, 900 weekly users" -> "maps bike racks (900 weekly users)": a resume's tail, said. */
const spokenClause = (clause: string) =>
  clause.replace(/,\s+(\d[\d,.%+]*\s+[a-z][a-z ]*)$/i, " ($1)");

/** A resume fact a new angle adds, ready to follow "I" ("led a team of 5 ..."), or skills. */
export interface NewFact {
  kind: Achievement["kind"] | "skills";
  /** The employer, project or organization; null for skills. */
  where: string | null;
  fact: string;
}

/**
 * The fact this new angle adds: the achievements the first email did not use, strongest first,
 * then its unused skills, one per new angle of the sequence so two never repeat one fact; null
 * when none is left.
 */
export function newFactFor(input: SequenceFollowUpInput): NewFact | null {
  const first = input.firstEmail.body;
  const facts: NewFact[] = achievementsOf(input.resume, true)
    .filter((a) => !mentioned(first, a.clause))
    .map((a) => ({ kind: a.kind, where: a.where, fact: spokenClause(a.clause) }));
  const skills = extractResumeFacts(input.resume).skills.filter((s) => !mentioned(first, s));
  if (skills.length)
    facts.push({ kind: "skills", where: null, fact: skills.slice(0, 2).join(" and ") });
  return facts[input.angle] ?? null;
}

function factSentence(fact: NewFact, firstEmail: string): string {
  if (fact.kind === "skills") return `I've also been putting ${fact.fact} to work in my projects.`;
  if (fact.kind === "project") return `On ${fact.where}, a project of mine, I ${fact.fact}.`;
  const also = fact.where && mentioned(firstEmail, fact.where) ? "also " : "";
  return `At ${fact.where}, I ${also}${fact.fact}.`;
}

/** Each new angle of a thread opens its own way. */
const ANGLE_OPENERS = [
  "One thing I didn't mention in my earlier note:",
  "One more thing that may be relevant:",
];

/**
 * A follow-up of a sequence, in the first email's thread: a short bump, a new angle with one
 * resume fact the first email did not use, or a last polite close. It refers to the first
 * email ("my earlier note": the follow-up does not quote it, and a thread shows it above in
 * Gmail but below in Outlook) without repeating it, and it never mentions an attachment: the
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
    middle = `I wanted to bring my earlier note back to the top of your inbox in case it got buried. I know things${at} move quickly, so even a one-line reply or 10 minutes on a call would mean a lot.`;
  } else if (input.kind === "new_angle") {
    const fact = newFactFor(input);
    const why =
      fact?.kind === "skills"
        ? `I'd be glad to hear how much of that your team${at} uses day to day.`
        : `It's the kind of work I'd love to do more of, and I'd be glad to hear how your team${at} approaches it.`;
    const nothingNew = [
      `I'm still keen to hear how your team${at} approaches its work, and even a short reply would mean a lot.`,
      `I know inboxes fill up fast, so just one more short note: I'd still value hearing how your team${at} works.`,
    ];
    middle = `${
      fact
        ? `${ANGLE_OPENERS[input.angle % ANGLE_OPENERS.length]} ${lowerFirstWord(factSentence(fact, input.firstEmail.body))} ${why}`
        : nothingNew[input.angle % nothingNew.length]
    } If it's easier, pointing me to the right person would help just as much.`;
    signOff = "Best";
  } else {
    middle = `I don't want to crowd your inbox, so this will be my last note. If a short conversation ever makes sense, I'd be glad to hear from you, and if someone else${at} is better placed, a name would be a great help.`;
    signOff = "Thanks again for your time";
  }
  return {
    subject: followUpSubject(input.firstEmail.subject),
    body: `Hi ${input.firstName},\n\n${middle}\n\n${signedOff(signOff, input.senderName)}`,
  };
}
