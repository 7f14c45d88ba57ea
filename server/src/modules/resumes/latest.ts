import { desc, eq } from "drizzle-orm";
import type { SelectedFields } from "drizzle-orm/pg-core";
import type { SelectResultFields } from "drizzle-orm/query-builders/select.types";
import type { DbOrTx } from "../../db/client";
import { resumes } from "../../db/schema";

/** The user's newest resume, reading only `fields` (the file's bytes stay unread unless asked). */
export async function findLatestResumeRow<T extends SelectedFields>(
  db: DbOrTx,
  userId: string,
  fields: T,
): Promise<SelectResultFields<T> | null> {
  // Typed through the plain field map: drizzle's builder cannot follow a generic selection.
  const [row] = await db
    .select(fields as SelectedFields)
    .from(resumes)
    .where(eq(resumes.userId, userId))
    .orderBy(desc(resumes.createdAt))
    .limit(1);
  return (row as SelectResultFields<T> | undefined) ?? null;
}

/** The text of the user's newest resume (the email writer, the facts), without loading the file. */
export async function findLatestResumeText(db: DbOrTx, userId: string): Promise<string | null> {
  const row = await findLatestResumeRow(db, userId, { text: resumes.text });
  return row?.text ?? null;
}
