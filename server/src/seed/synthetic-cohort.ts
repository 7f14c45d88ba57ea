import { asc, isNotNull, like } from "drizzle-orm";
import { contacts, type emailMessages, userContacts, users } from "../db/schema";
import type { AppDeps } from "../deps";
import { importEmailHistory } from "../modules/emails";
import { refreshInsightRollups, SYNTHETIC_COHORT_DOMAIN } from "../modules/insights";

/** Enough students for every cohort figure to clear the 20-student threshold. */
const STUDENTS = 24;
const EMAILS_PER_STUDENT = 36;
const FORMATS = ["original", "precision"] as const;
const DAY_MS = 24 * 3600_000;

/** mulberry32: the same cohort on every machine. */
function seededRandom(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A stable number per industry, so each industry favours a format and the hint varies. */
const leaning = (industry: string) =>
  [...industry].reduce((sum, char) => sum + char.charCodeAt(0), 0) % 2;

/**
 * Sandbox only: a clearly labelled synthetic cohort (students at synthetic-cohort.example, who
 * cannot sign in) with sent emails and replies, so the insights page's cohort figures and the
 * writer's format hint can be tried. Idempotent: nothing happens when the cohort exists.
 */
export async function seedSyntheticCohort(deps: AppDeps): Promise<void> {
  const { db } = deps.database;
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(like(users.email, `%@${SYNTHETIC_COHORT_DOMAIN}`))
    .limit(1);
  if (existing) return;
  const people = await db
    .select({ id: contacts.id, industry: contacts.industry })
    .from(contacts)
    .where(isNotNull(contacts.industry))
    .orderBy(asc(contacts.id))
    .limit(400);
  if (people.length < EMAILS_PER_STUDENT) return;

  const random = seededRandom(21);
  const now = Date.now();
  for (let n = 1; n <= STUDENTS; n++) {
    const [student] = await db
      .insert(users)
      .values({
        email: `student-${String(n).padStart(2, "0")}@${SYNTHETIC_COHORT_DOMAIN}`,
        name: `Synthetic Student ${n}`,
        signupMethod: "email",
      })
      .returning({ id: users.id });
    const start = Math.floor(random() * (people.length - EMAILS_PER_STUDENT));
    const mine = people.slice(start, start + EMAILS_PER_STUDENT);
    await db
      .insert(userContacts)
      .values(mine.map((person) => ({ userId: student.id, contactId: person.id })));
    const messages: Array<typeof emailMessages.$inferInsert> = [];
    for (const person of mine) {
      const format = FORMATS[random() < 0.5 ? 0 : 1];
      const favoured = FORMATS[leaning(person.industry ?? "")] === format;
      // Weekdays, 07:00–18:59 UTC, over the last eight weeks.
      const day = new Date(now - Math.floor(1 + random() * 56) * DAY_MS);
      day.setUTCHours(7 + Math.floor(random() * 12), Math.floor(random() * 60), 0, 0);
      if (day.getUTCDay() === 0 || day.getUTCDay() === 6) day.setTime(day.getTime() + 2 * DAY_MS);
      const base = {
        userId: student.id,
        contactId: person.id,
        subject: "Reaching out",
        body: "Synthetic demo email (sandbox cohort).",
        emailFormat: format,
      };
      messages.push({ ...base, direction: "outbound", status: "sent", sentAt: day });
      const replyChance = favoured ? 0.34 : 0.14;
      if (random() < replyChance) {
        messages.push({
          ...base,
          direction: "inbound",
          status: "received",
          subject: "Re: Reaching out",
          sentAt: new Date(day.getTime() + 5 * 3600_000),
        });
      } else if (random() < 0.5) {
        const followUp = new Date(day.getTime() + 4 * DAY_MS);
        messages.push({
          ...base,
          direction: "outbound",
          status: "sent",
          sentAt: followUp,
          sequenceStep: 1,
        });
        if (random() < 0.12) {
          messages.push({
            ...base,
            direction: "inbound",
            status: "received",
            subject: "Re: Reaching out",
            sentAt: new Date(followUp.getTime() + 3 * 3600_000),
          });
        }
      }
    }
    await importEmailHistory(db, messages);
  }
  await refreshInsightRollups(db, new Date(), { countSynthetic: true });
}
