import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import {
  type CareerStage,
  firstNameOf,
  type ResumeFacts,
  WRITER_FORMAT_LABELS,
  WRITER_FORMATS,
  type WriterFormat,
} from "@reachout/contract";
import { z } from "zod";
import { studentSignalsOf, warmSignalsFor } from "../../contacts";
import { parseResumeFacts } from "../../resumes";
import { EVAL_CONTACTS, EVAL_NOW, type EvalContact } from "./eval";
import { inferGoal } from "./goal";
import { trustedFacts } from "./trusted";
import type { EmailWriter, WriteInput, WrittenEmail } from "./types";

/**
 * The readers' review (issue 36, `npm run eval:writer -- --review`): resumes the writer was
 * not tuned on (review-resumes/: the three students of the issue, a graduate student, an
 * international student, a student with no experience section), each written to two
 * contacts in every format, with what the student told the dialog. The blind file names no
 * writer, variant or version; the key beside it says which email is which, for the tally.
 */
const RESUMES = path.join(path.dirname(fileURLToPath(import.meta.url)), "review-resumes");

const person = (
  fullName: string,
  title: string,
  company: string,
  industry: string,
  location: string,
  university: string | null = null,
): EvalContact => ({
  recipient: {
    fullName,
    firstName: firstNameOf(fullName),
    title,
    company,
    industry,
    location,
    university,
    interests: [],
  },
  education: university ? `${university}, B.A.` : null,
  news: null,
});

const contactNamed = (name: string) => {
  const found = EVAL_CONTACTS.find((c) => c.recipient.fullName === name);
  if (!found) throw new Error(`no evaluation contact ${name}`);
  return found;
};

export interface ReviewStudent {
  file: string;
  /** The kind of student, for the tally by kind. */
  kind: string;
  /** What the student corrected on the profile after Reachout read the resume. */
  correct?: (facts: ResumeFacts) => ResumeFacts;
  contacts: [EvalContact, EvalContact];
  /**
   * The name the student signed up with (the account's); the emails are signed with it when
   * the resume gives none, as the app's loadSender does.
   */
  accountName?: string | null;
  /** What the student typed in the dialog's one line. */
  role: string;
  thanks: string;
  fair: string;
  topic: string;
}

let students: ReviewStudent[] | null = null;

/**
 * The review's students, built on first use: eval.ts (whose contacts they name) is part of an
 * import cycle through the contacts module, so reading them at load time found it unfinished.
 */
export function reviewStudents(): ReviewStudent[] {
  students ??= [
    {
      file: "purdue-cs-junior.txt",
      kind: "junior (CS)",
      contacts: [contactNamed("Julia Santos"), contactNamed("Sam Nguyen")],
      role: "Software Engineering Intern, Summer 2027",
      thanks: "our call on Tuesday about the infrastructure team",
      fair: "Purdue Industrial Roundtable",
      topic: "the build tooling your team maintains",
    },
    {
      file: "cornell-econ-senior.txt",
      kind: "senior (economics)",
      contacts: [contactNamed("Grace Whitfield"), contactNamed("Henry Osei")],
      role: "2027 Investment Banking Analyst",
      thanks: "the coffee chat last Thursday about the M&A group",
      fair: "Cornell Fall Career Fair",
      topic: "the analyst class and how staffing works",
    },
    {
      file: "teacher-to-data.txt",
      kind: "career changer",
      // What he corrected: the bootcamp as a certificate in data analytics, his teaching role.
      correct: (facts) => ({
        ...facts,
        education: facts.education.map((e) =>
          /kenzie/i.test(e.school)
            ? { ...e, degree: "Certificate", major: "Data Analytics Bootcamp" }
            : e,
        ),
        experiences: facts.experiences.map((e, i) =>
          i === 0 && !e.role ? { ...e, role: "Mathematics Teacher" } : e,
        ),
      }),
      contacts: [
        contactNamed("Ravi Iyer"),
        person(
          "Priya Shah",
          "Analytics Manager",
          "Midwest Health Partners",
          "health care",
          "Indianapolis, IN",
        ),
      ],
      role: "Data Analyst (job 4471)",
      thanks: "our call on Monday about the analytics team",
      fair: "Indy Tech Hiring Night",
      topic: "the reporting work your team does for clinics",
    },
    {
      file: "grad-student-ms.txt",
      kind: "graduate student",
      contacts: [contactNamed("Sam Nguyen"), contactNamed("Ravi Iyer")],
      role: "Software Engineer, New Grad 2027",
      thanks: "our video call yesterday about the payments infrastructure team",
      fair: "Georgia Tech Career Fair",
      topic: "the machine learning platform team",
    },
    {
      file: "international-student.txt",
      kind: "international student",
      contacts: [
        person(
          "Kevin Liu",
          "Operations Manager",
          "Atlas Logistics",
          "logistics",
          "Phoenix, AZ",
          "Arizona State University",
        ),
        person(
          "Rachel Moore",
          "University Recruiter",
          "Honeywell Aerospace",
          "aerospace",
          "Phoenix, AZ",
        ),
      ],
      role: "Operations Engineering Intern (Summer 2027)",
      thanks: "the plant tour on Friday",
      fair: "ASU Engineering Career Fair",
      topic: "the summer internship on the assembly line team",
    },
    {
      file: "no-experience-freshman.txt",
      kind: "no experience section",
      contacts: [contactNamed("Alicia Romero"), contactNamed("Julia Santos")],
      role: "Software Engineering Intern",
      thanks: "answering my questions after your talk at the Michigan Women in Computing meeting",
      fair: "University of Michigan Engineering Career Fair",
      topic: "the internship for first- and second-year students",
    },
  ];
  return students;
}

const reviewContact = z.object({
  fullName: z.string().min(1),
  title: z.string().min(1),
  company: z.string().min(1),
  industry: z.string().min(1),
  location: z.string().min(1),
  university: z.string().min(1).nullable().default(null),
});

const reviewStudentsFile = z.array(
  z.object({
    file: z.string().min(1),
    kind: z.string().min(1),
    account_name: z.string().trim().min(1).nullable().optional(),
    contacts: z.tuple([reviewContact, reviewContact]),
    role: z.string().min(1),
    thanks: z.string().min(1),
    fair: z.string().min(1),
    topic: z.string().min(1),
  }),
);

/**
 * Students written by someone who never saw the writer (`--students FILE`): a JSON list whose
 * resume files sit beside it, each to two contacts of their own, so a review round can be
 * held on resumes the writer was never tuned on.
 */
export function reviewStudentsFrom(file: string): ReviewStudent[] {
  const listed = reviewStudentsFile.parse(JSON.parse(readFileSync(file, "utf8")));
  return listed.map(({ account_name, ...student }) => ({
    ...student,
    accountName: account_name ?? null,
    file: path.resolve(path.dirname(file), student.file),
    contacts: student.contacts.map((c) =>
      person(c.fullName, c.title, c.company, c.industry, c.location, c.university),
    ) as [EvalContact, EvalContact],
  }));
}

export interface ReviewEmail {
  id: number;
  student: string;
  kind: string;
  stage: CareerStage;
  format: WriterFormat;
  contact: string;
  /** What the student told the dialog, shown to the reviewer as the student's own words. */
  told: string | null;
  email: WrittenEmail;
}

export function loadReviewStudent(student: ReviewStudent): { text: string; facts: ResumeFacts } {
  const text = readFileSync(path.resolve(RESUMES, student.file), "utf8");
  const read = parseResumeFacts(text);
  return { text, facts: student.correct ? student.correct(read) : trustedFacts(read) };
}

export function reviewInput(
  student: ReviewStudent,
  facts: ResumeFacts,
  contact: EvalContact,
  format: WriterFormat,
  variant: number,
  now: Date = EVAL_NOW,
  text: string | null = null,
): WriteInput {
  const education = facts.education[0];
  const sender: WriteInput["sender"] = {
    name: facts.name ?? student.accountName ?? null,
    email: null,
    university: null,
    major: null,
    graduationYear: null,
    resumeText: text,
    facts,
    goal: inferGoal(facts, { graduationYear: null, major: null, resumeText: text }, now),
  };
  const warmSignals = warmSignalsFor(
    studentSignalsOf(facts, { university: education?.school ?? null, major: null }),
    { ...contact.recipient, education: contact.education },
  );
  return {
    format,
    sender,
    recipient: { ...contact.recipient, warmSignals },
    news: contact.news,
    role: format === "referral" ? student.role : null,
    occasion:
      format === "thank_you" ? student.thanks : format === "career_fair" ? student.fair : null,
    topic: format === "career_fair" ? student.topic : null,
    variant,
    now,
  };
}

const toldOf = (input: WriteInput): string | null => {
  if (input.format === "referral") return `the role: ${input.role}`;
  if (input.format === "thank_you") return `what happened: ${input.occasion}`;
  if (input.format === "career_fair")
    return `the fair: ${input.occasion}; we talked about: ${input.topic}`;
  return null;
};

/** Every review email, in a shuffled but fixed order so formats and students are mixed. */
export async function writeReviewSet(
  writer: EmailWriter,
  students: ReviewStudent[] = reviewStudents(),
  now: Date = EVAL_NOW,
): Promise<ReviewEmail[]> {
  const emails: Omit<ReviewEmail, "id">[] = [];
  for (const [s, student] of students.entries()) {
    const { text, facts } = loadReviewStudent(student);
    for (const [i, format] of WRITER_FORMATS.entries()) {
      // As in the product, one person gets the formats that fit what happened with them: the
      // first contact the cold formats, the second the thank-you, the career-fair note and the
      // referral (a student does not write "I'd love to learn about your work" to someone they
      // thanked, and the role a student types is a posting at the company of the one asked:
      // round 17's students typed it for the second contact, and the first was asked for a
      // Frito-Lay posting "at Toyota Financial Services").
      const second = format === "thank_you" || format === "career_fair" || format === "referral";
      const contact = student.contacts[second ? 1 : 0];
      const input = reviewInput(student, facts, contact, format, i + s * 7, now, text);
      emails.push({
        student: input.sender.name ?? student.file,
        kind: student.kind,
        stage: input.sender.goal?.stage ?? "student",
        format,
        // What the student sees on the contact's profile in Reachout, the school included: an
        // email that says "you studied at …" is checked against it, not taken for invented
        // (round 25's readers flagged every such opening, seeing no school on this line).
        contact: `${contact.recipient.fullName}, ${contact.recipient.title} at ${contact.recipient.company} (${contact.recipient.location})${contact.recipient.university ? `; studied at ${contact.recipient.university}` : ""}`,
        told: toldOf(input),
        email: await writer.write(input),
      });
    }
  }
  // A fixed shuffle (multiply by a unit mod n): neighbours are different students and formats.
  const n = emails.length;
  const order = emails.map((_, i) => (i * 17) % n);
  return order.map((from, i) => ({ ...emails[from], id: i + 1 }));
}

/** The blind file: each email with whom it is to and what the student said, nothing else. */
export function blindFile(emails: ReviewEmail[]): string {
  return [
    "# Emails to review",
    "",
    "Each email was drafted for a student by an email tool, to send from their own mailbox.",
    "The students' resumes are in the resumes file beside this one, under their names.",
    "",
    ...emails.flatMap((e) => [
      `## Email ${e.id}`,
      "",
      `- Student: ${e.student}`,
      `- To: ${e.contact}`,
      `- Kind of email: ${WRITER_FORMAT_LABELS[e.format]}`,
      ...(e.told ? [`- What the student typed in the tool: ${e.told}`] : []),
      "",
      "```text",
      `Subject: ${e.email.subject}`,
      "",
      e.email.body,
      "```",
      "",
    ]),
  ].join("\n");
}

/** The resumes beside the blind file, as the students wrote them, with their corrections. */
export function resumesFile(
  students: ReviewStudent[] = reviewStudents(),
  now: Date = EVAL_NOW,
): string {
  // The day the emails were written for, so a reader checks "last Wednesday" against it (round
  // 21's file said November 20 for a set written for November 29).
  const today = now.toLocaleDateString("en-US", {
    month: "long",
    day: "numeric",
    year: "numeric",
    timeZone: "UTC",
  });
  return [
    "# The students' resumes",
    "",
    `Today is ${today}.`,
    "",
    ...students.flatMap((student) => {
      const { text, facts } = loadReviewStudent(student);
      const name = facts.name ?? student.accountName ?? student.file;
      const account = facts.name || !student.accountName ? [] : [`(Account name: ${name})`, ""];
      return [`## ${name}`, "", ...account, "```text", text.trim(), "```", ""];
    }),
  ].join("\n");
}

/** The key: which email is which (student kind, stage, format), for the tally of scores. */
export const keyOf = (emails: ReviewEmail[]) =>
  emails.map(({ id, student, kind, stage, format }) => ({ id, student, kind, stage, format }));
