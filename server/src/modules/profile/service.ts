import type { ProfileResponse, ProfileStatus, UpdateProfileRequest } from "@reachout/contract";
import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { mailboxes, profiles, users } from "../../db/schema";
import { isCopyMode, setUserName } from "../auth";
import { hasResume } from "../resumes";

export async function getProfile(db: DbOrTx, userId: string): Promise<ProfileResponse> {
  const [[row], [user]] = await Promise.all([
    db.select().from(profiles).where(eq(profiles.userId, userId)).limit(1),
    db.select({ name: users.name }).from(users).where(eq(users.id, userId)).limit(1),
  ]);
  return {
    full_name: user?.name?.trim() || null,
    university: row?.university ?? null,
    graduation_year: row?.graduationYear ?? null,
    major: row?.major ?? null,
  };
}

/** Everything the setup prompt needs in one round trip: profile fields and what is missing. */
export async function getProfileStatus(db: DbOrTx, userId: string): Promise<ProfileStatus> {
  const [profile, resumeUploaded, copyMode, [gmail]] = await Promise.all([
    getProfile(db, userId),
    hasResume(db, userId),
    isCopyMode(db, userId),
    db
      .select({ one: sql<number>`1` })
      .from(mailboxes)
      .where(and(eq(mailboxes.userId, userId), eq(mailboxes.status, "connected")))
      .limit(1),
  ]);
  return {
    ...profile,
    resume_uploaded: resumeUploaded,
    gmail_connected: Boolean(gmail),
    copy_mode: copyMode && !gmail,
  };
}

/** Changes only the fields the request carries; the first edit creates the profile row. */
export async function updateProfile(
  db: DbOrTx,
  userId: string,
  changes: UpdateProfileRequest,
): Promise<ProfileResponse> {
  if (changes.full_name !== undefined) await setUserName(db, userId, changes.full_name);
  const set: Partial<typeof profiles.$inferInsert> = { updatedAt: new Date() };
  if (changes.university !== undefined) set.university = changes.university;
  if (changes.graduation_year !== undefined) set.graduationYear = changes.graduation_year;
  if (changes.major !== undefined) set.major = changes.major;
  await db
    .insert(profiles)
    .values({ userId, ...set })
    .onConflictDoUpdate({ target: profiles.userId, set });
  return getProfile(db, userId);
}
