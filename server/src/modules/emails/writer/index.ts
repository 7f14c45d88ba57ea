import { eq } from "drizzle-orm";
import type { Config } from "../../../config";
import type { DbOrTx } from "../../../db/client";
import { profiles, users } from "../../../db/schema";
import { findLatestResumeText } from "../../resumes";
import { createLlmWriter } from "./llm";
import { createOfflineWriter } from "./offline";
import type { EmailWriter, WriteInput } from "./types";

export type { EmailWriter, WriteInput, WrittenEmail } from "./types";
export { styleFor } from "./types";

/**
 * The configured writer: the LLM when LLM_BASE_URL/LLM_API_KEY are set, falling back to the
 * offline writer on any error or timeout (the answer's `writer` says which one wrote it);
 * otherwise the offline writer alone.
 */
export function createEmailWriter(
  config: Pick<Config, "llm">,
  onFallback?: (error: unknown) => void,
): EmailWriter {
  const offline = createOfflineWriter();
  if (!config.llm) return offline;
  const llm = createLlmWriter(config.llm);
  return {
    async write(input) {
      try {
        return await llm.write(input);
      } catch (error) {
        onFallback?.(error);
        return offline.write(input);
      }
    },
  };
}

/** The sender's side of an email: account name, profile fields and the newest resume's text. */
export async function loadSender(db: DbOrTx, userId: string): Promise<WriteInput["sender"]> {
  const [[user], [profile], resume] = await Promise.all([
    db.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, userId)),
    db
      .select({
        university: profiles.university,
        major: profiles.major,
        graduationYear: profiles.graduationYear,
      })
      .from(profiles)
      .where(eq(profiles.userId, userId)),
    findLatestResumeText(db, userId),
  ]);
  return {
    name: user?.name ?? null,
    email: user?.email ?? null,
    university: profile?.university ?? null,
    major: profile?.major ?? null,
    graduationYear: profile?.graduationYear ?? null,
    resumeText: resume,
  };
}
