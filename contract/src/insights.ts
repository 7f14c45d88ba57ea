import { z } from "zod";
import { WRITER_FORMAT_LABELS, type WriterFormat } from "./writer";

/** A cohort figure is shown only where at least this many distinct students contribute. */
export const COHORT_MIN_STUDENTS = 20;

const counts = {
  sent: z.number().int(),
  replied: z.number().int(),
  /** replied / sent, 0..1 (0 when nothing was sent). */
  reply_rate: z.number(),
};
const Rate = z.object(counts);
const rowOf = <K extends string, V extends z.ZodType>(key: K, value: V) =>
  z.object({ [key]: value, ...counts } as { [P in K]: V } & typeof counts);

export const SENIORITIES = ["executive", "director", "manager", "senior", "individual"] as const;
export const SENIORITY_LABELS: Record<(typeof SENIORITIES)[number], string> = {
  executive: "Executive",
  director: "VP / Director",
  manager: "Manager",
  senior: "Senior",
  individual: "Individual contributor",
};

/** GET /api/insights?tz= : the student's own outreach (weekday 1 = Monday, hours 0-23 in tz). */
export const Insights = z.object({
  ...counts,
  by_format: z.array(rowOf("format", z.string())),
  by_industry: z.array(rowOf("industry", z.string())),
  by_seniority: z.array(rowOf("seniority", z.enum(SENIORITIES))),
  by_step: z.array(rowOf("step", z.number().int())),
  by_weekday: z.array(rowOf("weekday", z.number().int())),
  by_hour: z.array(rowOf("hour", z.number().int())),
  /** Contacts emailed → contacts who replied → applications that reached interviewing → offer. */
  funnel: z.object({
    contacted: z.number().int(),
    replied: z.number().int(),
    interviewing: z.number().int(),
    offer: z.number().int(),
  }),
  /** One sentence per chart, drawn from its figures; null where the figures show no contrast. */
  takeaways: z.object({
    overall: z.string(),
    format: z.string().nullable(),
    industry: z.string().nullable(),
    seniority: z.string().nullable(),
    step: z.string().nullable(),
    weekday: z.string().nullable(),
    hour: z.string().nullable(),
  }),
});
export type Insights = z.infer<typeof Insights>;

export const InsightsQuery = z.object({
  tz: z
    .string()
    .max(64)
    .refine((value) => Intl.supportedValuesOf("timeZone").includes(value) || value === "UTC", {
      message: "Unknown time zone",
    })
    .default("UTC"),
});

/**
 * A cohort group: its students and its reply rate rounded to 5 percentage points; the counts
 * are never published, so no student's figures come out by subtraction (docs/security.md).
 */
const cohort = { students: z.number().int(), reply_rate: z.number() };

/** GET /api/insights/benchmarks: figures with fewer than COHORT_MIN_STUDENTS students are absent. */
export const Benchmarks = z.object({
  min_students: z.number().int(),
  refreshed_at: z.string().nullable(),
  /** Synthetic demo students among the contributors (sandbox seed only), to label the figures. */
  synthetic_students: z.number().int(),
  overall: z.object(cohort).nullable(),
  by_format: z.array(z.object({ format: z.string(), ...cohort })),
  by_industry: z.array(z.object({ industry: z.string(), ...cohort })),
  by_step: z.array(z.object({ step: z.number().int(), ...cohort })),
});
export type Benchmarks = z.infer<typeof Benchmarks>;

/** GET /api/insights/recommended-format?contact_id= : the writer's hint for one contact. */
export const RecommendedFormat = z.object({
  industry: z.string().nullable(),
  format: z.string().nullable(),
  reply_rate: z.number().nullable(),
  students: z.number().int(),
});
export type RecommendedFormat = z.infer<typeof RecommendedFormat>;

export const RecommendedFormatQuery = z.object({
  contact_id: z.uuid({ message: "Invalid contact id" }),
});

/** How a stored email_format reads on the page; null/unknown formats are the student's own text. */
export function formatLabel(format: string): string {
  if (format in WRITER_FORMAT_LABELS) return WRITER_FORMAT_LABELS[format as WriterFormat];
  if (format === "custom") return "Written by you";
  const words = format.replaceAll("_", " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export { Rate as ReplyRate };
