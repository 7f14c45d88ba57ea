import { randomUUID } from "node:crypto";
import type { TestApp } from "../../../tests/helpers";
import { contacts, users } from "../../db/schema";
import { issueSession } from "../../http/auth";
import { grantCredits } from "../credits/service";
import type { ContactInsert } from "./records";

/** A verified user with the given credits and a bearer header, made directly in the database. */
export async function createUser(t: TestApp, options: { email?: string; credits?: number } = {}) {
  const db = t.deps.database.db;
  const email = options.email ?? `user.${randomUUID().slice(0, 8)}@uni.example`;
  const [user] = await db
    .insert(users)
    .values({ email, signupMethod: "email", emailVerifiedAt: new Date() })
    .returning({ id: users.id, email: users.email });
  if (options.credits) {
    await db.transaction((tx) =>
      grantCredits(tx, {
        userId: user.id,
        amount: options.credits as number,
        reason: "adjustment",
      }),
    );
  }
  const token = await issueSession(db, t.deps.config, user);
  return { ...user, auth: { authorization: `Bearer ${token}` } };
}

let sequence = 0;

/** A directory person: a New York software-engineering recruiter unless overridden. */
export function contactRow(overrides: Partial<ContactInsert> = {}): ContactInsert {
  const n = ++sequence;
  return {
    fullName: `Test Person ${n}`,
    firstName: "Test",
    lastName: `Person ${n}`,
    title: "Technical Recruiter",
    company: "Cloudforge",
    industry: "software",
    location: "New York, NY",
    education: "Cornell University, B.S. Computer Science",
    university: "Cornell University",
    interests: ["mentoring"],
    email: `person.${n}.${randomUUID().slice(0, 6)}@cloudforge.example`,
    linkedin: `https://www.linkedin.com/in/test-person-${n}-${randomUUID().slice(0, 6)}`,
    roleCategory: "Technology - Software Engineering",
    companySize: "51-200",
    revenueRange: "10M-50M",
    isHiring: true,
    isStudent: false,
    source: "test",
    ...overrides,
  };
}

/** Inserts directory people and answers their ids in the same order. */
export async function insertPeople(t: TestApp, rows: Array<Partial<ContactInsert>>) {
  const inserted = await t.deps.database.db
    .insert(contacts)
    .values(rows.map((row) => contactRow(row)))
    .returning({ id: contacts.id });
  return inserted.map((row) => row.id);
}
