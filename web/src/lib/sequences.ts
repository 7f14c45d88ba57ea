import type {
  Enrollment,
  EnrollmentDetail,
  EnrollResponse,
  SaveSequenceRequest,
  Sequence,
} from "@reachout/contract/sequences";
import type { WriterFormat } from "@reachout/contract/writer";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "./api";

/** Loaded on demand so zod and the schemas stay out of the first page's JavaScript. */
const schemas = () => import("@reachout/contract/sequences");

export const SEQUENCES_KEY = ["sequences"] as const;
export const ENROLLMENTS_KEY = ["enrollments"] as const;
export const SEQUENCE_ENROLLMENTS_KEY = (id: string) => ["sequence-enrollments", id] as const;
export const ENROLLMENT_KEY = (id: string) => ["enrollment", id] as const;

/** While anything runs, figures and enrolments refresh every few seconds. */
export const LIVE_REFRESH_MS = 5000;

export function useSequences(enabled = true) {
  return useQuery({
    queryKey: SEQUENCES_KEY,
    queryFn: async () => {
      const { SequencesResponse } = await schemas();
      return api("/api/sequences", { schema: SequencesResponse });
    },
    enabled,
    refetchInterval: (query) =>
      query.state.data?.some((s) => s.active_enrollments > 0) ? LIVE_REFRESH_MS : false,
  });
}

/** Every enrolment of the student (My Network shows each contact's latest). */
export function useEnrollments(options: { refetchInterval?: number } = {}) {
  return useQuery({
    queryKey: ENROLLMENTS_KEY,
    queryFn: async () => {
      const { EnrollmentsResponse } = await schemas();
      return api("/api/enrollments", { schema: EnrollmentsResponse });
    },
    refetchInterval: options.refetchInterval,
  });
}

export function useSequenceEnrollments(sequenceId: string) {
  return useQuery({
    queryKey: SEQUENCE_ENROLLMENTS_KEY(sequenceId),
    queryFn: async () => {
      const { EnrollmentsResponse } = await schemas();
      return api(`/api/sequences/${encodeURIComponent(sequenceId)}/enrollments`, {
        schema: EnrollmentsResponse,
      });
    },
    refetchInterval: (query) =>
      query.state.data?.some((e) => e.status === "active" || e.status === "paused")
        ? LIVE_REFRESH_MS
        : false,
  });
}

export function useEnrollment(id: string, enabled: boolean) {
  return useQuery({
    queryKey: ENROLLMENT_KEY(id),
    queryFn: async () => {
      const { EnrollmentDetail } = await schemas();
      return api(`/api/enrollments/${encodeURIComponent(id)}`, { schema: EnrollmentDetail });
    },
    enabled,
  });
}

export async function createSequence(input: SaveSequenceRequest): Promise<Sequence> {
  const { Sequence } = await schemas();
  return api("/api/sequences", { method: "POST", body: input, schema: Sequence });
}

export async function updateSequence(id: string, input: SaveSequenceRequest): Promise<Sequence> {
  const { Sequence } = await schemas();
  return api(`/api/sequences/${encodeURIComponent(id)}`, {
    method: "PUT",
    body: input,
    schema: Sequence,
  });
}

export async function deleteSequence(id: string): Promise<void> {
  await api(`/api/sequences/${encodeURIComponent(id)}`, { method: "DELETE" });
}

export async function enrollContacts(
  sequenceId: string,
  input: {
    contact_ids: string[];
    subject: string;
    body: string;
    scheduled_at?: string | null;
    write_when_due?: boolean;
    /** The writer format of the first email (insights count it under it); null: own text. */
    email_format?: WriterFormat | null;
    /** Copy mode: the student sent this first email themselves (one contact). */
    copied_key?: string;
  },
): Promise<EnrollResponse> {
  const { EnrollResponse } = await schemas();
  return api(`/api/sequences/${encodeURIComponent(sequenceId)}/enroll`, {
    method: "POST",
    body: input,
    schema: EnrollResponse,
  });
}

export async function controlEnrollment(
  id: string,
  action: "stop" | "pause" | "resume",
): Promise<EnrollmentDetail> {
  const { EnrollmentDetail } = await schemas();
  return api(`/api/enrollments/${encodeURIComponent(id)}/${action}`, {
    method: "POST",
    schema: EnrollmentDetail,
  });
}

export async function updateFollowUp(
  id: string,
  position: number,
  body: string,
): Promise<EnrollmentDetail> {
  const { EnrollmentDetail } = await schemas();
  return api(`/api/enrollments/${encodeURIComponent(id)}/steps/${position}`, {
    method: "PUT",
    body: { body },
    schema: EnrollmentDetail,
  });
}

export const REMINDERS_KEY = ["sequences", "reminders"] as const;

/**
 * Copy mode's follow-ups that are due, for the student to send themselves: looked at again
 * every few seconds while a sequence runs (a step comes due), every minute otherwise.
 */
export function useFollowUpReminders() {
  const running = useSequences().data?.some((s) => s.active_enrollments > 0) ?? false;
  return useQuery({
    queryKey: REMINDERS_KEY,
    queryFn: async () => {
      const { FollowUpRemindersResponse } = await schemas();
      return api("/api/sequences/reminders", { schema: FollowUpRemindersResponse });
    },
    refetchInterval: running ? LIVE_REFRESH_MS : 60_000,
  });
}

/** "I sent it" on a reminder. */
export async function markReminderSent(id: string, position: number): Promise<EnrollmentDetail> {
  const { EnrollmentDetail } = await schemas();
  return api(`/api/enrollments/${encodeURIComponent(id)}/steps/${position}/sent`, {
    method: "POST",
    schema: EnrollmentDetail,
  });
}

/** Everything sequence-shaped the page shows after a change. */
export function useInvalidateSequences() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: SEQUENCES_KEY });
    void queryClient.invalidateQueries({ queryKey: ENROLLMENTS_KEY });
    void queryClient.invalidateQueries({ queryKey: ["sequence-enrollments"] });
    void queryClient.invalidateQueries({ queryKey: ["enrollment"] });
  };
}

export const ENROLLMENT_STATUS_LABELS: Record<Enrollment["status"], string> = {
  active: "Active",
  paused: "Paused",
  replied: "Replied",
  bounced: "Bounced",
  opted_out: "Opted out",
  finished: "Finished",
  stopped: "Stopped",
};

const MINUTES_PER_HOUR = 60;
const MINUTES_PER_DAY = 24 * 60;

/** "3 business days", "4 hours", "1 minute": how the UI reads a wait stored in minutes. */
export function describeWait(minutes: number): string {
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"}`;
  if (minutes % MINUTES_PER_DAY === 0) {
    const days = minutes / MINUTES_PER_DAY;
    return `${days} business day${days === 1 ? "" : "s"}`;
  }
  if (minutes % MINUTES_PER_HOUR === 0) return plural(minutes / MINUTES_PER_HOUR, "hour");
  return plural(minutes, "minute");
}

export const WAIT_UNITS = {
  days: { label: "business days", minutes: MINUTES_PER_DAY },
  hours: { label: "hours", minutes: MINUTES_PER_HOUR },
  minutes: { label: "minutes", minutes: 1 },
} as const;
export type WaitUnit = keyof typeof WAIT_UNITS;

export function splitWait(minutes: number): { amount: number; unit: WaitUnit } {
  if (minutes % MINUTES_PER_DAY === 0) return { amount: minutes / MINUTES_PER_DAY, unit: "days" };
  if (minutes % MINUTES_PER_HOUR === 0)
    return { amount: minutes / MINUTES_PER_HOUR, unit: "hours" };
  return { amount: minutes, unit: "minutes" };
}

export const browserTimeZone = () => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
};
