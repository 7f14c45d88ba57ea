import { eq } from "drizzle-orm";
import { profiles, resumes, users } from "../../db/schema";
import type { AppDeps } from "../../deps";
import { buildTextPdf } from "../../lib/text-pdf";
import { extractResumeText } from "../resumes";

export const DEMO_PROFILE = {
  university: "Cornell University",
  graduationYear: 2026,
  major: "Economics",
} as const;

const DEMO_RESUME_LINES = [
  "DEMO STUDENT",
  "demo@reachout.example | New York, NY",
  "",
  "EDUCATION",
  "Cornell University, Ithaca, NY - B.A. in Economics, expected May 2026",
  "GPA 3.8/4.0. Coursework: Corporate Finance, Econometrics, Financial Accounting, Data Analysis",
  "",
  "EXPERIENCE",
  "Summer Analyst, Hudson Ridge Partners (boutique investment bank), New York - Summer 2025",
  "- Built three-statement models and comparable-company analyses for two sell-side mandates",
  "- Drafted sections of a confidential information memorandum for a $120M software deal",
  "Research Assistant, Cornell Department of Economics - 2024 to present",
  "- Cleaned and analysed 2M rows of county labour data in Python and SQL",
  "",
  "LEADERSHIP",
  "Vice President, Cornell Investment Club - led a 12-person team pitching consumer stocks",
  "",
  "SKILLS",
  "Excel financial modeling, DCF and LBO valuation, Python (pandas), SQL, PowerPoint",
];

/**
 * Sandbox seed: the demo user gets school details and a real PDF resume (with its extracted
 * text), so email writing works from the first login. Idempotent: fills only what is missing.
 */
export async function seedDemoProfile(deps: AppDeps, email: string): Promise<void> {
  const { db } = deps.database;
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!user) return;
  await db
    .insert(profiles)
    .values({ userId: user.id, ...DEMO_PROFILE })
    .onConflictDoNothing({ target: profiles.userId });
  const [existing] = await db
    .select({ id: resumes.id })
    .from(resumes)
    .where(eq(resumes.userId, user.id))
    .limit(1);
  if (existing) return;
  const data = buildTextPdf(DEMO_RESUME_LINES);
  await db.insert(resumes).values({
    userId: user.id,
    filename: "Demo Student Resume.pdf",
    mimeType: "application/pdf",
    sizeBytes: data.length,
    data,
    text: await extractResumeText("pdf", data),
  });
}
