import type { EmailFormat, EmailStyle } from "@reachout/contract";

export interface WriteInput {
  format: EmailFormat;
  sender: {
    name: string | null;
    email: string | null;
    university: string | null;
    major: string | null;
    graduationYear: number | null;
    resumeText: string | null;
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
}

export interface WrittenEmail {
  subject: string;
  body: string;
  format_used: EmailStyle;
  writer: "llm" | "offline";
}

export interface EmailWriter {
  write(input: WriteInput): Promise<WrittenEmail>;
}

const RECRUITER_TITLE =
  /\b(recruit\w*|talent|sourcer|human resources|hr|people (partner|operations)|campus)\b/i;
const FOUNDER_TITLE = /\b(founder|co-founder|cofounder)\b/i;

/**
 * Which spec style a generated email uses (format_used: founder, recruiter, playful,
 * precision_finance): the precision format is always the short deal-focused
 * "precision_finance" style; the original format is "founder" for startup founders,
 * "recruiter" for recruiting and talent titles, and otherwise "playful", the warm,
 * conversational style meant for hiring managers and professionals.
 */
export function styleFor(input: WriteInput): EmailStyle {
  if (input.format === "precision") return "precision_finance";
  if (input.startup || FOUNDER_TITLE.test(input.recipient.title ?? "")) return "founder";
  if (RECRUITER_TITLE.test(input.recipient.title ?? "")) return "recruiter";
  return "playful";
}
