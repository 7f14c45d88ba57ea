import { typosFixed } from "../occasion";
import type { WriteInput, WrittenEmail } from "../types";

import type { Facts, Pick } from "./facts";
import { emailOf, messagePartsOf } from "./message";
import { warmLine } from "./paragraphs";
import { fitting, withArticle } from "./phrases";
import {
  isJobTitle,
  linkNamesCompany,
  organizationIs,
  organizationTyped,
  postingIdOf,
  roleOf,
  roleTitle,
  titleOfTyped,
  typedRole,
  typedVocabulary,
  untimed,
} from "./typed";

/**
 * A referral request: the role the student typed (or the kind of role they seek), and a referral
 * asked of an employee, the process asked of a recruiter.
 */
export function writeReferral(
  input: WriteInput,
  f: Facts,
  pick: Pick,
  variant: number,
): WrittenEmail {
  const { opening, introAfterOpening, lead, second, recruiter } = messagePartsOf(f, pick, variant);
  // Only a job's or a posting's title is "the X role"; casual words for it ("first co-op,
  // jul-dec 2027") are asked for as the kind of position and period they name (f.ask).
  const given = typedRole(input.role ? typosFixed(input.role, typedVocabulary(input)) : input.role);
  const typed =
    given && /^https?:/i.test(given)
      ? given
      : given && isJobTitle(roleTitle(given) || given)
        ? titleOfTyped(untimed(roleTitle(given) || given) || given)
        : null;
  const role = roleOf(typed, f);
  // A named role (the request's, or the position that found the contact) is "the" role.
  // One inferred from the resume is only the kind of role the student applies for: never
  // "the data science internship", a posting Reachout cannot know the company has.
  const named = typed !== null;
  const url = /^https?:/i.test(role);
  // A link to another company's posting is not "a role at" the recipient's company, whether
  // the link is the role or typed beside its title (round 17: a Relativity posting sent to Clio).
  // A link typed without its scheme ("northboundstudio.co/careers/…", round 29) is one too.
  const typedLink = /(?:https?:\/\/|\b(?=[\w-]+\.(?:com|co|org|io|net|edu|gov|us|ai)\b))\S+/i
    .exec(input.role ?? "")?.[0]
    ?.replace(/[.,;)]+$/, "");
  const link = typedLink && !/^https?:/i.test(typedLink) ? `https://${typedLink}` : typedLink;
  // A role typed with another organization's name ("Recruiting Coordinator - Desert Sky Health
  // Partners" to someone at a hospital) is that organization's (round 28 placed it at the
  // reader's).
  const typedOrganization = organizationTyped(input.role);
  const elsewhere =
    typedOrganization !== null && !organizationIs(typedOrganization, f.company)
      ? typedOrganization
      : null;
  const atCompany = (!link || linkNamesCompany(link, f.company)) && elsewhere === null;
  const roleName = !named
    ? `${withArticle(role)} at ${f.company}`
    : url
      ? `the role posted at ${role}`
      : /[,()]/.test(role)
        ? `the "${role}" role`
        : // "the Software Engineering Intern role": a title alone would name a person.
          /(internship|role|position|program|programme|residency|fellowship|rotation)$/i.test(role)
          ? `the ${role}`
          : `the ${role} role`;
  // "A question about 2027 Investment Banking Analyst" read as a subject missing words: a
  // named title is "the … role" there too; an inferred one is the kind ("an internship").
  const subjectRole = named ? roleName : withArticle(role);
  // The posting's id, where the student typed one, once, where the role is first named.
  const id = named ? postingIdOf(input.role) : null;
  const where = url ? "" : atCompany ? ` at ${f.company}` : elsewhere ? ` at ${elsewhere}` : "";
  const applyingFor = `${roleName}${where}${id ? ` (${id})` : ""}`;
  const applying = named
    ? `I'm applying for ${applyingFor}.`
    : `I'm looking for ${withArticle(role)}, and I'd love to join the team at ${f.company}.`;
  // A stranger is told at once why the email is written (the role), and why to them: readers
  // judged a referral asked up front, and again at the end, of someone with no history with the
  // student the hardest of all formats (rounds 13–16, 0 of 14 sendable in round 16).
  const purpose = !named
    ? applying
    : recruiter
      ? `I'm applying for ${applyingFor}, and I wanted to write to you about it directly.`
      : opening
        ? applying
        : // A posting on another company's site (round 29) is no team the reader works in.
          !atCompany
          ? `I'm applying for ${applyingFor}, and I'd value your advice on it.`
          : pick("ref-open", [
              `I'm applying for ${applyingFor}, and I'm reaching out because you know the team from the inside.`,
              `I'm applying for ${applyingFor}, and I hoped someone who works there might tell me how the team sees the role.`,
            ]);
  const senior = SENIOR_TITLE.test(f.title ?? "");
  const paragraphs = [
    // The shared tie in a line, then at once why the student writes: a referral is not asked
    // under an opening about the contact's path (round 13's readers).
    opening ? `${warmLine(f)} ${purpose}` : purpose,
    `${introAfterOpening} ${lead ?? ""}`.replace(/\s+/g, " ").trim(),
    second ?? null,
    // A referral comes from an employee; a recruiter runs the process, so a recruiter is
    // asked about the role and the process instead. The referral is asked once, here.
    recruiter
      ? pick("ask-rec-role", [
          `Could you tell me whether my background fits what the team is looking for in ${roleName}, and what the next steps in the process look like? I've attached my resume.`,
          `Would you have 10 minutes to tell me more about ${roleName} and how the hiring process works? My resume is attached.`,
        ])
      : senior
        ? // A partner or a CTO the student never met is asked to point the way, not to vouch
          // for them at once (round 8: "a short blurb" to a Partner read as presumptuous).
          `If my background looks like a fit for ${roleName}, would you be open to pointing me to the right person on the team, or passing my resume along? I've attached it, and I'd be grateful for either.`
        : opening
          ? pick("ask-ref", [
              `Would you be comfortable referring me for ${roleName}? I've attached my resume, and I'm happy to send a short blurb you could forward so it takes you two minutes at most.`,
              `If you think I'd be a good fit, would you be willing to refer me for ${roleName}? My resume is attached, and I can send a two-line summary to make it easy.`,
            ])
          : // No tie: something small first (what the team looks for), the referral as the
            // student's hope if the resume earns it, never as the price of reading the email.
            pick("ask-ref-cold", [
              `Would you be open to a 10-minute call about what the team looks for? And if, after a look at my resume, you'd feel comfortable referring me for ${roleName}, I'd be very grateful. I've attached it.`,
              `Could I ask you a couple of questions about what the team looks for, by email or in a 10-minute call? If my resume (attached) looks like a fit, I'd also be grateful if you would refer me for ${roleName}.`,
            ]),
    recruiter
      ? "Thank you for reading; I'd welcome any advice on standing out in the process."
      : opening || senior
        ? "Either way, thank you for reading; I'd also welcome any advice on standing out in the process."
        : "Either way, thank you for reading.",
  ];
  const subject = recruiter
    ? fitting(
        url
          ? atCompany
            ? `A question about a role at ${f.company}`
            : "A question about a role I'm applying for"
          : `A question about ${subjectRole}${atCompany ? ` at ${f.company}` : ""}`,
        `A question about ${subjectRole}`,
        `A question about a role at ${f.company}`,
      )
    : !opening && !senior && named
      ? // Without a tie, the subject names what the student does, not what they ask.
        fitting(
          url
            ? atCompany
              ? `Applying for a role at ${f.company}`
              : `A question about a role I'm applying for`
            : `Applying for ${subjectRole}${atCompany ? ` at ${f.company}` : ""}`,
          `Applying for ${subjectRole}`,
          `A question about a role at ${f.company}`,
        )
      : fitting(
          url
            ? atCompany
              ? `Referral request: a role at ${f.company}`
              : `Referral request, ${f.first}`
            : `Referral request: ${role}${atCompany ? ` at ${f.company}` : ""}`,
          `Referral request for ${role}`,
          `Referral request, ${f.first}`,
        );
  return emailOf(input, f, variant, subject, paragraphs);
}

/** Titles senior enough that a stranger asks them for direction rather than a referral. */
const SENIOR_TITLE =
  /\b(partner|chief|cto|ceo|cfo|coo|founder|co-founder|cofounder|head of)\b|^president\b/i;
