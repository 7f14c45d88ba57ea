import type {
  CareerGoal,
  CompanyNewsItem,
  EmailStyle,
  ResumeFacts,
  WarmSignal,
  WriterFallbackReason,
  WriterFormat,
} from "@reachout/contract";
import type { SequenceFollowUpInput } from "./follow-up";

export interface WriteInput {
  format: WriterFormat;
  sender: {
    /** The user's full name (profile); null when unknown: the email is signed without one. */
    name: string | null;
    email: string | null;
    university: string | null;
    major: string | null;
    graduationYear: number | null;
    resumeText: string | null;
    /** What Reachout read from the resume, with the student's corrections applied. */
    facts?: ResumeFacts | null;
    /**
     * What the student looks for and where they stand: every ask follows it. Absent (old
     * callers, tests), the writer reads it from the facts and the graduation year.
     */
    goal?: CareerGoal | null;
  };
  recipient: {
    fullName: string;
    firstName: string | null;
    title: string | null;
    company: string | null;
    industry: string | null;
    location: string | null;
    university: string | null;
    interests: string[];
    /** What the student shares with the contact, strongest first. */
    warmSignals?: WarmSignal[];
  };
  /** Set for startup-founder emails: the funding facts the email congratulates. */
  startup?: {
    orgName: string | null;
    orgUrl: string | null;
    fundingType: string | null;
    moneyRaised: string | null;
    announcedDate: string | null;
    location: string | null;
  } | null;
  /** The user's own opening lines (startup composer); used verbatim when given. */
  customIntro?: string | null;
  /** One recent, dated item about the recipient's company; Personalize cites it. */
  news?: CompanyNewsItem | null;
  /** The role a referral asks for (the request's, else the position that found the contact). */
  role?: string | null;
  /**
   * What the email follows up on, in the student's words, never invented: a thank-you's "our
   * call on Tuesday about the risk team", a career-fair note's fair ("the Purdue Fall Career
   * Fair").
   */
  occasion?: string | null;
  /** A career-fair note's conversation: "the data platform team's summer projects". */
  topic?: string | null;
  /** Which variant to write: each click asks for a new one (same facts, other words). */
  variant?: number;
  /** Today, for what has happened yet (a December graduate is still graduating in November). */
  now?: Date;
}

export interface WrittenEmail {
  subject: string;
  body: string;
  format_used: EmailStyle;
  writer: "llm" | "offline";
  fallback_reason?: WriterFallbackReason | null;
  sender_name_missing?: boolean;
}

/** A follow-up of a sequence; its subject is always "Re: " and the first email's. */
export interface WrittenFollowUp {
  subject: string;
  body: string;
  writer: "llm" | "offline";
  fallback_reason?: WriterFallbackReason | null;
}

export interface FollowUpWriter {
  /**
   * Writes one follow-up. `deadline` (epoch ms) bounds the wait for the LLM: past it, or too
   * close to it, the offline writer answers with the reason "timeout".
   */
  write(input: SequenceFollowUpInput, options?: { deadline?: number }): Promise<WrittenFollowUp>;
}

export interface EmailWriter {
  write(input: WriteInput): Promise<WrittenEmail>;
  /** Writes while streaming: onDelta gets the text as it is written (subject, then body). */
  stream(
    input: WriteInput,
    onDelta: (delta: { field: "subject" | "body"; text: string }) => void,
  ): Promise<WrittenEmail>;
}

const RECRUITER_TITLE =
  /\b(recruit\w*|talent|sourcer|human resources|hr|people (partner|operations)|campus)\b/i;
/** A recruiter, talent or campus-recruiting title: asked about the role and the process, never for a referral. */
export const isRecruiterTitle = (title: string | null | undefined) =>
  RECRUITER_TITLE.test(title ?? "");
const FOUNDER_TITLE = /\b(founder|co-founder|cofounder)\b/i;

/**
 * Which style a generated email uses (format_used). The spec's two formats (§9) keep their four
 * styles: precision is always the short deal-focused "precision_finance"; original is
 * "founder" for startup founders, "recruiter" for recruiting and talent titles, and otherwise
 * "playful", the warm, conversational style for hiring managers and professionals. Each
 * message type answers its own name.
 */
export function styleFor(input: Pick<WriteInput, "format" | "startup" | "recipient">): EmailStyle {
  if (input.format === "precision") return "precision_finance";
  if (input.format !== "original") return input.format;
  if (input.startup || FOUNDER_TITLE.test(input.recipient.title ?? "")) return "founder";
  if (RECRUITER_TITLE.test(input.recipient.title ?? "")) return "recruiter";
  return "playful";
}
