import type { ProfileResponse, ProfileStatus, UpdateProfileRequest } from "@reachout/contract";
import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { gmailAccounts, profiles } from "../../db/schema";
import { hasResume } from "../resumes";

const EMPTY_PROFILE: ProfileResponse = { university: null, graduation_year: null, major: null };

function toResponse(row: {
  university: string | null;
  graduationYear: number | null;
  major: string | null;
}): ProfileResponse {
  return { university: row.university, graduation_year: row.graduationYear, major: row.major };
}

export async function getProfile(db: DbOrTx, userId: string): Promise<ProfileResponse> {
  const [row] = await db.select().from(profiles).where(eq(profiles.userId, userId)).limit(1);
  return row ? toResponse(row) : EMPTY_PROFILE;
}

/** Everything the setup prompt needs in one round trip: profile fields and what is missing. */
export async function getProfileStatus(db: DbOrTx, userId: string): Promise<ProfileStatus> {
  const [profile, resumeUploaded, [gmail]] = await Promise.all([
    getProfile(db, userId),
    hasResume(db, userId),
    db
      .select({ one: sql<number>`1` })
      .from(gmailAccounts)
      .where(and(eq(gmailAccounts.userId, userId), eq(gmailAccounts.status, "connected")))
      .limit(1),
  ]);
  return { ...profile, resume_uploaded: resumeUploaded, gmail_connected: Boolean(gmail) };
}

/** Changes only the fields the request carries; the first edit creates the profile row. */
export async function updateProfile(
  db: DbOrTx,
  userId: string,
  changes: UpdateProfileRequest,
): Promise<ProfileResponse> {
  const set: Partial<typeof profiles.$inferInsert> = { updatedAt: new Date() };
  if (changes.university !== undefined) set.university = changes.university;
  if (changes.graduation_year !== undefined) set.graduationYear = changes.graduation_year;
  if (changes.major !== undefined) set.major = changes.major;
  const [row] = await db
    .insert(profiles)
    .values({ userId, ...set })
    .onConflictDoUpdate({ target: profiles.userId, set })
    .returning();
  return toResponse(row);
}
