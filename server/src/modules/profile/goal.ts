import { CareerGoal, type CareerGoalResponse } from "@reachout/contract";
import { eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { profiles } from "../../db/schema";
import { currentGoal, inferGoal } from "../emails";
import { findLatestResumeText, loadResumeFacts } from "../resumes";

/**
 * The student's goal and stage (issue 36): the one they confirmed, and the one Reachout reads
 * from the resume and today's date (what the writer follows until they confirm).
 */
export async function getCareerGoal(
  db: DbOrTx,
  userId: string,
  now: Date,
): Promise<CareerGoalResponse> {
  const facts = await loadResumeFacts(db, userId);
  const resumeText = await findLatestResumeText(db, userId);
  const [row] = await db
    .select({
      goal: profiles.goal,
      confirmedAt: profiles.goalConfirmedAt,
      graduationYear: profiles.graduationYear,
      major: profiles.major,
    })
    .from(profiles)
    .where(eq(profiles.userId, userId))
    .limit(1);
  const graduationYear = row?.graduationYear ?? null;
  const suggested = inferGoal(
    facts,
    { graduationYear, major: row?.major ?? null, resumeText },
    now,
  );
  const saved = row?.goal ? CareerGoal.safeParse(row.goal) : null;
  return {
    goal: saved?.success
      ? currentGoal(saved.data, now, graduationYear ?? suggested.year ?? null)
      : null,
    suggested,
    confirmed_at: saved?.success && row?.confirmedAt ? row.confirmedAt.toISOString() : null,
  };
}

/** The student confirms (or changes) their goal; the first save creates the profile row. */
export async function saveCareerGoal(
  db: DbOrTx,
  userId: string,
  goal: CareerGoal,
  now: Date,
): Promise<CareerGoalResponse> {
  const set = { goal, goalConfirmedAt: now, updatedAt: now };
  await db
    .insert(profiles)
    .values({ userId, ...set })
    .onConflictDoUpdate({ target: profiles.userId, set });
  return getCareerGoal(db, userId, now);
}
