import { FINANCIAL_INDUSTRIES, givenNameOf } from "@reachout/contract";
import { extractResumeFacts, type ResumeFacts } from "./resume-facts";
import { type EmailWriter, styleFor, type WriteInput, type WrittenEmail } from "./types";

/** A stable choice among phrasings, so each contact (and each format) reads differently. */
function chooser(seed: string) {
  return <T>(slot: string, options: readonly T[]): T => {
    let hash = 2166136261;
    for (const char of `${seed}|${slot}`) {
      hash ^= char.charCodeAt(0);
      hash = Math.imul(hash, 16777619);
    }
    return options[(hash >>> 0) % options.length];
  };
}

const list = (items: string[]) =>
  items.length <= 1
    ? (items[0] ?? "")
    : `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;

/** "Technical Recruiter" -> "a Technical Recruiter", "Analyst" -> "an Analyst", "an MBA…". */
export function withArticle(title: string): string {
  const first = title.trim().split(/\s+/)[0] ?? "";
  const isAcronym = /^[A-Z&]{2,}$/.test(first);
  const soundsLikeVowel = isAcronym
    ? /^[AEFHILMNORSX]/.test(first)
    : /^[aeiou]/i.test(first) && !/^(uni|use|usu|eu|one)/i.test(first);
  return `${soundsLikeVowel ? "an" : "a"} ${title}`;
}

/** "Lazard" -> "Lazard's", "Pinecrest Technologies" -> "Pinecrest Technologies'". */
export const possessive = (name: string) => (/s$/i.test(name) ? `${name}'` : `${name}'s`);

const sentence = (text: string) => {
  const trimmed = text.trim();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
};

function focusOf(industry: string | null): { work: string; verb: string } {
  const value = (industry ?? "").toLowerCase();
  if ((FINANCIAL_INDUSTRIES as readonly string[]).some((i) => i.toLowerCase() === value)) {
    return { work: "live deals", verb: "work on deals" };
  }
  if (/consult/.test(value)) return { work: "client engagements", verb: "work on client problems" };
  if (/tech|software|artificial|data|e-commerce/.test(value)) {
    return { work: "shipping product", verb: "help ship product" };
  }
  return { work: "high-impact projects", verb: "contribute" };
}

interface Facts {
  first: string;
  company: string;
  senderName: string;
  university: string | null;
  major: string | null;
  year: number | null;
  resume: ResumeFacts;
  sharedUniversity: boolean;
  sharedInterest: string | null;
}

function factsOf(input: WriteInput): Facts {
  const resume = extractResumeFacts(input.sender.resumeText);
  const university = input.sender.university?.trim() || resume.university;
  const first = givenNameOf(input.recipient) || "there";
  const recipientUni = input.recipient.university?.trim().toLowerCase();
  const text = (input.sender.resumeText ?? "").toLowerCase();
  return {
    first,
    company: input.startup?.orgName?.trim() || input.recipient.company?.trim() || "your team",
    senderName:
      input.sender.name?.trim() ||
      (input.sender.email ?? "")
        .split("@")[0]
        .replace(/[._-]+/g, " ")
        .replace(/\b\w/g, (c) => c.toUpperCase()),
    university,
    major: input.sender.major?.trim() || resume.major,
    year: input.sender.graduationYear ?? resume.graduationYear,
    resume,
    sharedUniversity: Boolean(
      recipientUni && university && recipientUni === university.toLowerCase(),
    ),
    sharedInterest:
      input.recipient.interests.find(
        (interest) => interest && text.includes(interest.toLowerCase()),
      ) ?? null,
  };
}

function whoIAm(f: Facts): string {
  const study = f.major ? `studying ${f.major}` : "a student";
  const where = f.university ? ` at ${f.university}` : "";
  const when = f.year ? ` (Class of ${f.year})` : "";
  return f.major ? `I'm ${study}${where}${when}` : `I'm a student${where}${when}`;
}

function signature(f: Facts): string {
  const line = [f.university, f.major && f.year ? `${f.major}, Class of ${f.year}` : f.major]
    .filter(Boolean)
    .join(" · ");
  return [f.senderName, line].filter(Boolean).join("\n");
}

function writeOriginal(
  input: WriteInput,
  f: Facts,
  pick: ReturnType<typeof chooser>,
): WrittenEmail {
  const r = input.recipient;
  const s = input.startup;
  const style = styleFor(input);
  const role = r.title?.trim();
  const field = r.industry?.trim();

  let opener: string;
  if (input.customIntro?.trim()) opener = input.customIntro.trim();
  else if (s) {
    const raised = s.moneyRaised ? ` and the ${s.moneyRaised} behind it` : "";
    const round = s.fundingType?.trim() || "recent round";
    opener = `Congratulations on ${possessive(f.company)} ${round}${raised}. ${pick(
      "founder-open",
      [
        "Moments like this are when a fast-learning teammate can make a real difference, and I'd love to be that person.",
        "It's exciting to watch a team earn that kind of backing, and it's why I wanted to reach out to you directly.",
        "I've been reading about what you're building, and the round made me want to write to you directly.",
      ],
    )}`;
  } else if (f.sharedUniversity) {
    opener = `I noticed we're both part of the ${f.university} community, and ${pick("uni", [
      `your path to ${role ? `${withArticle(role)} role at ${f.company}` : f.company} is exactly the kind I hope to follow.`,
      `I was excited to see a fellow alum ${role ? `working as ${withArticle(role)}` : "working"} at ${f.company}.`,
    ])}`;
  } else if (f.sharedInterest) {
    opener = `I saw that you're into ${f.sharedInterest} too, which is part of why I wanted to reach out. ${pick(
      "interest",
      [
        `I've also been following the work ${f.company} is doing${field ? ` in ${field}` : ""}.`,
        `On top of that, ${possessive(f.company)} reputation${field ? ` in ${field}` : ""} keeps coming up in my conversations.`,
      ],
    )}`;
  } else {
    opener = pick("open", [
      `I've been following the work ${f.company} is doing${field ? ` in ${field}` : ""}, and your path${role ? ` as ${withArticle(role)}` : ""} stood out to me.`,
      `${f.company} keeps coming up when I talk to people about ${field ?? "where they'd most like to start their careers"}, and I'd love to learn from someone on the inside${role ? ` like you, as ${withArticle(role)}` : ""}.`,
      `I'm reaching out because ${r.location ? `${possessive(f.company)} team in ${r.location}` : f.company} is high on my list of places I'd love to build my career${role ? `, and your experience as ${withArticle(role)} is exactly the perspective I'm hoping to hear` : ""}.`,
    ]);
  }

  const about: string[] = [sentence(whoIAm(f))];
  const [first, second] = f.resume.highlights;
  if (first)
    about.push(
      sentence(
        `${pick("hl", ["Most recently, I", "One thing I'm proud of: I", "Recently I"])} ${first}`,
      ),
    );
  if (second) about.push(sentence(`I also ${second}`));
  if (f.resume.skills.length) {
    about.push(
      sentence(`Along the way I've gotten comfortable with ${list(f.resume.skills.slice(0, 4))}`),
    );
  }

  let ask: string;
  if (style === "founder") {
    ask = `Would you be open to a quick chat about how I could help ${f.company} as you scale? I'd be glad to start with an internship or a focused project.`;
  } else if (style === "recruiter") {
    ask = pick("ask-rec", [
      `I'd love to be considered for ${possessive(f.company)} upcoming internship and analyst opportunities. Would you have 15 minutes in the next couple of weeks to tell me what you look for in candidates?`,
      `Could I ask for 15 minutes of your time to learn how ${f.company} recruits${f.university ? ` from ${f.university}` : ""} and how I can put my best application forward?`,
    ]);
  } else {
    ask = pick("ask", [
      `Would you be open to a 15-minute call in the next couple of weeks? I'd love to hear how you got into ${field ?? "your field"} and what makes someone successful on your team.`,
      `If you have 15 minutes sometime soon, I'd be grateful to hear your advice on breaking into ${field ?? "the industry"} and what the team at ${f.company} values most.`,
    ]);
  }

  const subject = s
    ? `Congrats on the ${s.fundingType?.trim() || "round"}, ${f.first}: ${f.university ? `${f.university} student` : "student"} eager to help ${f.company}`
    : f.sharedUniversity
      ? `Fellow ${f.university} student reaching out about ${f.company}`
      : pick("subject", [
          `${f.major ? `${f.major} student` : "Student"}${f.university ? ` at ${f.university}` : ""}, curious about ${f.company}`,
          `${f.first}, a question about your work at ${f.company}`,
          `Hello from a ${f.university ?? "motivated"} student interested in ${f.company}`,
        ]);

  const body = [
    `Hi ${f.first},`,
    opener,
    about.join(" "),
    ask,
    pick("close", [
      "I've attached my resume for context. Thank you for considering this; I know your time is valuable.",
      "My resume is attached in case it's helpful. Thanks so much for reading, and I hope your week is going well.",
    ]),
    `Best,\n${signature(f)}`,
  ].join("\n\n");
  return { subject, body, format_used: style, writer: "offline" };
}

function writePrecision(
  input: WriteInput,
  f: Facts,
  pick: ReturnType<typeof chooser>,
): WrittenEmail {
  const r = input.recipient;
  const s = input.startup;
  const focus = focusOf(r.industry);
  const yy = f.year ? ` '${String(f.year).slice(-2)}` : "";
  const intro = input.customIntro?.trim()
    ? input.customIntro.trim()
    : s
      ? `${s.moneyRaised ? `With ${s.moneyRaised} ` : "With your "}${s.fundingType?.trim() || "new round"} closed, ${f.company} is likely hiring fast. I want to help you move faster, starting now.`
      : `I'll be brief: I want to ${focus.verb} at ${f.company}${r.location ? ` in ${r.location}` : ""}, and I can add value from day one.`;

  const points = f.resume.highlights.map((h) => `- I ${sentence(h)}`);
  if (f.resume.skills.length) points.push(`- Toolkit: ${list(f.resume.skills.slice(0, 5))}.`);
  if (points.length === 0) points.push(`- ${sentence(whoIAm(f))}`);

  const subject = s
    ? `${f.company} after the ${s.fundingType?.trim() || "raise"}: ready to help now`
    : pick("subject-p", [
        `${f.major ?? "Student"}${f.university ? ` @ ${f.university}` : ""}${yy}: ${focus.work} at ${f.company}`,
        `10 minutes, ${f.first}? ${f.university ?? "Student"}${yy} candidate for ${f.company}`,
      ]);
  const body = [
    `Hi ${f.first},`,
    `${whoIAm(f).replace(/^I'm/, `I'm ${f.senderName},`)}. ${intro}`,
    `What I bring:\n${points.join("\n")}`,
    pick("ask-p", [
      "Do you have 10 minutes this week or next? My resume is attached.",
      "Could we grab 10 minutes on the phone this week? Resume attached.",
    ]),
    `Thanks,\n${f.senderName}`,
  ].join("\n\n");
  return { subject, body, format_used: "precision_finance", writer: "offline" };
}

/** Writes a complete, personal email from the facts alone: no network, always available. */
export function createOfflineWriter(): EmailWriter {
  return {
    async write(input) {
      const f = factsOf(input);
      const pick = chooser(
        [input.recipient.fullName, input.recipient.company, input.format, f.senderName].join("|"),
      );
      return input.format === "precision"
        ? writePrecision(input, f, pick)
        : writeOriginal(input, f, pick);
    },
  };
}
