import { z } from "zod";
import { SingleLine } from "./common";
import { WRITER_FORMATS } from "./writer";

/** The kinds of follow-up text: a short bump, a new angle with one more resume fact, a close. */
export const FOLLOW_UP_KINDS = ["bump", "new_angle", "close"] as const;
export type FollowUpKind = (typeof FOLLOW_UP_KINDS)[number];
export const FOLLOW_UP_KIND_LABELS: Record<FollowUpKind, string> = {
  bump: "Short bump",
  new_angle: "New angle",
  close: "Polite close",
};

export const MAX_SEQUENCE_STEPS = 10;
/** Waits are stored in minutes; a business day of waiting is a day that is not a weekend. */
export const MINUTES_PER_DAY = 24 * 60;
/** The defaults a student can take as is: follow-ups 3 and 7 business days after the first email. */
export const DEFAULT_SEQUENCE_STEPS = [
  { wait_minutes: 3 * MINUTES_PER_DAY, email_format: "bump" },
  { wait_minutes: 4 * MINUTES_PER_DAY, email_format: "new_angle" },
] as const satisfies ReadonlyArray<{ wait_minutes: number; email_format: FollowUpKind }>;
export const DEFAULT_SEND_WINDOW = { start: "08:00", end: "18:00" } as const;

export const ENROLLMENT_STATUSES = [
  "active",
  "paused",
  "replied",
  "bounced",
  "opted_out",
  "finished",
  "stopped",
] as const;
export type EnrollmentStatus = (typeof ENROLLMENT_STATUSES)[number];

const Clock = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Use a time like 08:00 (24-hour clock)");

export const SequenceStep = z.object({
  wait_minutes: z
    .number({ message: "wait_minutes must be a number of minutes" })
    .int("wait_minutes must be a whole number of minutes")
    .min(1, "Each step must wait at least 1 minute")
    .max(366 * MINUTES_PER_DAY, "A step can wait at most a year"),
  email_format: z.enum(FOLLOW_UP_KINDS).optional(),
});
export type SequenceStepInput = z.infer<typeof SequenceStep>;

export const SaveSequenceRequest = z
  .object({
    name: SingleLine(100)
      .transform((v) => v.trim())
      .pipe(z.string().min(1, "Name is required")),
    steps: z
      .array(SequenceStep)
      .min(1, "A sequence needs at least one follow-up step")
      .max(MAX_SEQUENCE_STEPS, `A sequence can have at most ${MAX_SEQUENCE_STEPS} steps`),
    /** Sending hours in the recipient's time zone; omitted: 08:00-18:00 (none in sandbox mode). */
    window_start: Clock.nullish(),
    window_end: Clock.nullish(),
    /** The student's IANA time zone, used when the recipient's location gives none. */
    time_zone: z.string().max(64).nullish(),
  })
  .refine(
    (v) => (v.window_start == null) === (v.window_end == null),
    "Give both window_start and window_end, or neither",
  )
  .refine(
    (v) => v.window_start == null || v.window_end == null || v.window_start < v.window_end,
    "window_start must be before window_end",
  );
export type SaveSequenceRequest = z.infer<typeof SaveSequenceRequest>;

export const SequenceStepStats = z.object({
  position: z.number().int(),
  wait_minutes: z.number().int(),
  email_format: z.enum(FOLLOW_UP_KINDS),
  sent: z.number().int(),
  replied: z.number().int(),
  /** replied / sent, 0 when nothing was sent. */
  reply_rate: z.number(),
});

export const Sequence = z.object({
  id: z.string(),
  name: z.string(),
  steps: z.array(SequenceStep.required()),
  window_start: z.string().nullable(),
  window_end: z.string().nullable(),
  time_zone: z.string().nullable(),
  /** The first email (position 0) then each follow-up, with its figures. */
  stats: z.array(SequenceStepStats),
  active_enrollments: z.number().int(),
  created_at: z.string(),
});
export type Sequence = z.infer<typeof Sequence>;
export const SequencesResponse = z.array(Sequence);

export const EnrollRequest = z.object({
  contact_ids: z
    .array(z.uuid({ message: "Invalid contact id" }))
    .min(1, "Pick at least one contact")
    .max(500, "At most 500 contacts at a time"),
  subject: SingleLine(300)
    .transform((v) => v.trim())
    .pipe(z.string().min(1, "Subject is required")),
  body: z
    .string()
    .max(20_000)
    .refine((v) => v.trim().length > 0, "Body is required"),
  scheduled_at: z.iso
    .datetime({ offset: true, message: "scheduled_at must be an ISO timestamp" })
    .nullish(),
  /** The writer format the first email was written in (insights group by it); absent: own text. */
  email_format: z.enum(WRITER_FORMATS).nullish(),
  /** Write each follow-up when it is due instead of now (nothing to read in advance). */
  write_when_due: z.boolean().optional(),
  /**
   * Copy mode: the student sent this first email from their own mail app ("I sent it"); the key
   * makes a repeated click a no-op. The follow-ups become reminders they send themselves.
   */
  copied_key: z.uuid({ message: "copied_key must be a UUID" }).optional(),
});
export type EnrollRequest = z.infer<typeof EnrollRequest>;

export const EnrollResponse = z.object({
  enrolled: z.array(z.object({ id: z.string(), contact_id: z.string() })),
  refused: z.array(z.object({ contact_id: z.string(), detail: z.string() })),
});
export type EnrollResponse = z.infer<typeof EnrollResponse>;

export const Enrollment = z.object({
  id: z.string(),
  sequence_id: z.string(),
  sequence_name: z.string(),
  contact_id: z.string(),
  contact_name: z.string(),
  status: z.enum(ENROLLMENT_STATUSES),
  /** Follow-ups sent so far (the first email not counted). */
  steps_sent: z.number().int(),
  next_step_at: z.string().nullable(),
  stopped_reason: z.string().nullable(),
  /** Copy mode: each follow-up is a reminder the student sends from their own mail app. */
  manual: z.boolean(),
  created_at: z.string(),
});
export type Enrollment = z.infer<typeof Enrollment>;
export const EnrollmentsResponse = z.array(Enrollment);

export const FOLLOW_UP_STATES = ["planned", "queued", "sent", "cancelled", "failed"] as const;
export const EnrollmentStep = z.object({
  position: z.number().int(),
  email_format: z.enum(FOLLOW_UP_KINDS),
  subject: z.string(),
  /** null: written when due. */
  body: z.string().nullable(),
  state: z.enum(FOLLOW_UP_STATES),
  sent_at: z.string().nullable(),
  /** When it is due, once the message before it went out. */
  due_at: z.string().nullable(),
});
export type EnrollmentStep = z.infer<typeof EnrollmentStep>;
export const EnrollmentDetail = Enrollment.extend({ steps: z.array(EnrollmentStep) });
export type EnrollmentDetail = z.infer<typeof EnrollmentDetail>;

/** GET /api/sequences/reminders: copy mode's follow-ups that are due, for the student to send. */
export const FollowUpReminder = z.object({
  enrollment_id: z.string(),
  sequence_name: z.string(),
  position: z.number().int(),
  contact_id: z.string(),
  contact_name: z.string(),
  to_email: z.string(),
  subject: z.string(),
  body: z.string(),
  due_at: z.string(),
});
export type FollowUpReminder = z.infer<typeof FollowUpReminder>;
export const FollowUpRemindersResponse = z.array(FollowUpReminder);

export const EnrollmentStepParams = z.object({
  id: z.uuid({ message: "Invalid id" }),
  position: z.coerce.number().int().min(1).max(MAX_SEQUENCE_STEPS),
});
/** A follow-up's text; its subject stays "Re: " + the first email's, so it keeps the thread. */
export const UpdateEnrollmentStepRequest = z.object({
  body: z
    .string()
    .max(20_000)
    .refine((v) => v.trim().length > 0, "Body is required"),
});
