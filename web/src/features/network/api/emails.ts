import type { EmailFormat } from "@reachout/contract/constants";
import type {
  EmailThread,
  GeneratedEmail,
  SalesCampaignResponse,
  ScheduledEmail,
  ScheduledEmailsResponse,
  SendEmailResponse,
  UpdateScheduledEmailRequest,
} from "@reachout/contract/emails";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api";

/** Loaded on demand so zod and the schemas stay out of the first page's JavaScript. */
const schemas = () => import("@reachout/contract/emails");

export const THREAD_KEY = (contactId: string) => ["email-thread", contactId] as const;
export const SCHEDULED_KEY = ["scheduled-emails"] as const;

export async function fetchThread(contactId: string): Promise<EmailThread> {
  const { EmailThread } = await schemas();
  return api(`/api/emails/thread/${encodeURIComponent(contactId)}`, { schema: EmailThread });
}

/** GET /emails/thread/{id}: the conversation (synced with Gmail first) and a suggested draft. */
export function useEmailThread(contactId: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: THREAD_KEY(contactId ?? ""),
    queryFn: () => fetchThread(contactId as string),
    enabled: enabled && Boolean(contactId),
    staleTime: 0,
  });
}

export interface GenerateInput {
  contact: {
    id: string;
    full_name: string;
    title?: string | null;
    company?: string | null;
    location?: string | null;
  };
  userId?: string;
  format: EmailFormat;
}

export async function generateEmail(input: GenerateInput): Promise<GeneratedEmail> {
  const { GeneratedEmail } = await schemas();
  return api("/api/emails/generate", {
    method: "POST",
    body: {
      contact_id: input.contact.id,
      full_name: input.contact.full_name,
      title: input.contact.title ?? null,
      company: input.contact.company ?? null,
      location: input.contact.location ?? null,
      user_id: input.userId ?? null,
      email_format: input.format,
    },
    schema: GeneratedEmail,
  });
}

export async function sendEmail(
  contactId: string,
  draft: { subject: string; body: string; email_format?: EmailFormat | null },
): Promise<SendEmailResponse> {
  const { SendEmailResponse } = await schemas();
  return api(`/api/emails/send/${encodeURIComponent(contactId)}`, {
    method: "POST",
    body: draft,
    schema: SendEmailResponse,
  });
}

export async function scheduleEmail(
  contactId: string,
  draft: { subject: string; body: string; scheduledAt: string; email_format?: EmailFormat | null },
): Promise<ScheduledEmail> {
  const { ScheduledEmail } = await schemas();
  return api(`/api/emails/schedule/${encodeURIComponent(contactId)}`, {
    method: "POST",
    body: {
      subject: draft.subject,
      body: draft.body,
      scheduled_at: draft.scheduledAt,
      contact_id: contactId,
      email_format: draft.email_format,
    },
    schema: ScheduledEmail,
  });
}

export async function fetchScheduledEmails(): Promise<ScheduledEmailsResponse> {
  const { ScheduledEmailsResponse } = await schemas();
  return api("/api/emails/scheduled", { schema: ScheduledEmailsResponse });
}

/** While the manager is open it refreshes, so due emails are seen leaving. */
export function useScheduledEmails(enabled: boolean) {
  return useQuery({
    queryKey: SCHEDULED_KEY,
    queryFn: fetchScheduledEmails,
    enabled,
    refetchInterval: enabled ? 10_000 : false,
  });
}

export async function updateScheduledEmail(
  id: string,
  changes: UpdateScheduledEmailRequest,
): Promise<ScheduledEmail> {
  const { ScheduledEmail } = await schemas();
  return api(`/api/emails/scheduled/${encodeURIComponent(id)}`, {
    method: "PUT",
    body: changes,
    schema: ScheduledEmail,
  });
}

/** Admin: POST /api/sales_campaign_students (with the admin's token; see ADR 007). */
export async function runSalesCampaign(): Promise<SalesCampaignResponse> {
  const { SalesCampaignResponse } = await schemas();
  return api("/api/sales_campaign_students", { method: "POST", schema: SalesCampaignResponse });
}
