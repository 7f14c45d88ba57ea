import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { contacts, users } from "../src/db/schema";
import type { AppDeps } from "../src/deps";
import { issueSession } from "../src/http/auth";

export interface TestUser {
  id: string;
  email: string;
  token: string;
  auth: { authorization: string };
}

/** A verified user with a live session and the given credit balance. */
export async function createUserWithCredits(deps: AppDeps, credits: number): Promise<TestUser> {
  const email = `agent.${randomBytes(5).toString("hex")}@uni.example`;
  const [user] = await deps.database.db
    .insert(users)
    .values({ email, signupMethod: "email", emailVerifiedAt: new Date(), credits })
    .returning({ id: users.id });
  const token = await issueSession(deps.database.db, deps.config, { id: user.id, email });
  return { id: user.id, email, token, auth: { authorization: `Bearer ${token}` } };
}

export async function setCredits(deps: AppDeps, userId: string, credits: number): Promise<void> {
  await deps.database.db.update(users).set({ credits }).where(eq(users.id, userId));
}

export async function creditsOf(deps: AppDeps, userId: string): Promise<number> {
  const [row] = await deps.database.db
    .select({ credits: users.credits })
    .from(users)
    .where(eq(users.id, userId));
  return row.credits;
}

/** A city no other test uses, so contact matches stay within one test. */
export const uniqueCity = () => `Testville ${randomBytes(3).toString("hex")}`;

/** People who hire software engineers in a city: what the agent should find for such a role. */
export async function insertHiringContacts(
  deps: AppDeps,
  count: number,
  options: { location: string; title?: string; category?: string },
): Promise<string[]> {
  const tag = randomBytes(4).toString("hex");
  const rows = Array.from({ length: count }, (_, i) => ({
    fullName: `Recruiter ${tag} ${i}`,
    firstName: "Recruiter",
    lastName: `${tag}${i}`,
    title: options.title ?? "Technical Recruiter",
    company: `Company ${tag} ${i % 3}`,
    industry: "software",
    location: options.location,
    email: `recruiter.${tag}.${i}@company.example`,
    linkedin: `https://www.linkedin.com/in/recruiter-${tag}-${i}`,
    roleCategory: options.category ?? "Technology - Software Engineering",
    isHiring: true,
  }));
  const inserted = await deps.database.db
    .insert(contacts)
    .values(rows)
    .returning({ id: contacts.id });
  return inserted.map((row) => row.id);
}
