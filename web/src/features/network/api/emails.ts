import type {
  BulkSendRequest,
  BulkSendResponse,
  EmailThread,
  GeneratedEmail,
  SalesCampaignResponse,
  ScheduledEmail,
  ScheduledEmailsResponse,
  SendEmailResponse,
  UpdateScheduledEmailRequest,
} from "@reachout/contract/emails";
import type { WriterFormat } from "@reachout/contract/writer";
import { type QueryClient, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiError, api } from "../../../lib/api";
import { getToken } from "../../../lib/session";

/** Loaded on demand so zod and the schemas stay out of the first page's JavaScript. */
const schemas = () => import("@reachout/contract/emails");

export const THREAD_KEY = (contactId: string) => ["email-thread", contactId] as const;
export const SCHEDULED_KEY = ["scheduled-emails"] as const;

/** What an email sent, scheduled or recorded for a contact changes: its thread and the queue. */
export function refreshEmails(queryClient: QueryClient, contactId?: string) {
  if (contactId) void queryClient.invalidateQueries({ queryKey: THREAD_KEY(contactId) });
  void queryClient.invalidateQueries({ queryKey: SCHEDULED_KEY });
}

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
  format: WriterFormat;
  /** Which variant to write (each click asks for a new one). */
  variant?: number;
  /** What the student typed for a referral, thank-you or career-fair note (never invented). */
  context?: { role?: string; occasion?: string; topic?: string };
}

function generateBody(input: GenerateInput) {
  return {
    contact_id: input.contact.id,
    full_name: input.contact.full_name,
    title: input.contact.title ?? null,
    company: input.contact.company ?? null,
    location: input.contact.location ?? null,
    user_id: input.userId ?? null,
    email_format: input.format,
    ...(input.variant !== undefined ? { variant: input.variant } : {}),
    ...(input.context ?? {}),
  };
}

export async function generateEmail(input: GenerateInput): Promise<GeneratedEmail> {
  const { GeneratedEmail } = await schemas();
  return api("/api/emails/generate", {
    method: "POST",
    body: generateBody(input),
    schema: GeneratedEmail,
  });
}

export interface StreamDelta {
  field: "subject" | "body";
  text: string;
}

/**
 * POST /emails/generate/stream: calls onDelta as the email is written (a subject delta starts
 * it afresh) and resolves to the finished email. Errors before writing are ApiErrors as with
 * api(); an error event mid-stream rejects with its detail.
 */
export async function streamGeneratedEmail(
  input: GenerateInput,
  onDelta: (delta: StreamDelta) => void,
): Promise<GeneratedEmail> {
  const { GeneratedEmail } = await schemas();
  const token = getToken();
  const response = await fetch("/api/emails/generate/stream", {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "text/event-stream",
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(generateBody(input)),
  });
  if (!response.ok || !response.body) {
    if (response.status === 401) {
      // The shared client knows what a 401 means (sign out, go to /login).
      return api("/api/emails/generate", {
        method: "POST",
        body: generateBody(input),
        schema: GeneratedEmail,
      });
    }
    const data = (await response.json().catch(() => ({}))) as { detail?: unknown };
    throw new ApiError(response.status, typeof data.detail === "string" ? data.detail : undefined);
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += value;
    let end = buffer.indexOf("\n\n");
    while (end >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      end = buffer.indexOf("\n\n");
      const event = /^event: (.*)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (!event || data === undefined) continue;
      const payload = JSON.parse(data) as unknown;
      if (event === "delta") onDelta(payload as StreamDelta);
      else if (event === "done") return GeneratedEmail.parse(payload);
      else if (event === "error") {
        throw new ApiError(500, (payload as { detail?: string }).detail);
      }
    }
  }
  throw new ApiError(500, undefined, "The stream ended before the email was done");
}

/** A draft on its way out: the writer format it was written in, null for the student's own. */
export interface OutgoingDraft {
  subject: string;
  body: string;
  email_format?: WriterFormat | null;
}

export async function sendEmail(
  contactId: string,
  draft: OutgoingDraft,
): Promise<SendEmailResponse> {
  const { SendEmailResponse } = await schemas();
  return api(`/api/emails/send/${encodeURIComponent(contactId)}`, {
    method: "POST",
    body: draft,
    schema: SendEmailResponse,
  });
}

/** Copy mode's "I sent it": the key (one per draft) makes a repeated click record one email. */
export async function markCopiedSent(
  contactId: string,
  draft: { subject: string; body: string; email_format?: WriterFormat | null; key: string },
): Promise<SendEmailResponse> {
  const { SendEmailResponse } = await schemas();
  return api(`/api/emails/copy/${encodeURIComponent(contactId)}/sent`, {
    method: "POST",
    body: draft,
    schema: SendEmailResponse,
  });
}

/** Copy mode's "They replied", with the pasted reply when the student gives it. */
export async function recordCopiedReply(
  contactId: string,
  reply: { text?: string | null; key: string },
) {
  const { CopiedReplyResponse } = await schemas();
  return api(`/api/emails/copy/${encodeURIComponent(contactId)}/replied`, {
    method: "POST",
    body: reply,
    schema: CopiedReplyResponse,
  });
}

export async function scheduleEmail(
  contactId: string,
  draft: OutgoingDraft & { scheduledAt: string },
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

/**
 * POST /api/emails/bulk: the bulk dialog's emails onto the mailbox's line (spaced, capped);
 * answers when each is planned to leave.
 */
export async function queueBulkEmails(request: BulkSendRequest): Promise<BulkSendResponse> {
  const { BulkSendResponse } = await schemas();
  return api("/api/emails/bulk", { method: "POST", body: request, schema: BulkSendResponse });
}

/** Admin: POST /api/sales_campaign_students (with the admin's token; see ADR 007). */
export async function runSalesCampaign(): Promise<SalesCampaignResponse> {
  const { SalesCampaignResponse } = await schemas();
  return api("/api/sales_campaign_students", { method: "POST", schema: SalesCampaignResponse });
}

/** Writes one email (the bulk dialog's, one contact at a time); nothing on the server changes. */
export function useGenerateEmail() {
  return useMutation({ mutationFn: generateEmail });
}

/** The single-contact dialog's writer: the words arrive through onDelta as they are written. */
export function useStreamGeneratedEmail() {
  return useMutation({
    mutationFn: ({
      input,
      onDelta,
    }: {
      input: GenerateInput;
      onDelta: (delta: StreamDelta) => void;
    }) => streamGeneratedEmail(input, onDelta),
  });
}

export function useSendEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ contactId, draft }: { contactId: string; draft: OutgoingDraft }) =>
      sendEmail(contactId, draft),
    onSuccess: (_sent, { contactId }) => refreshEmails(queryClient, contactId),
  });
}

export function useScheduleEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      contactId,
      draft,
    }: {
      contactId: string;
      draft: OutgoingDraft & { scheduledAt: string };
    }) => scheduleEmail(contactId, draft),
    onSuccess: (_scheduled, { contactId }) => refreshEmails(queryClient, contactId),
  });
}

export function useQueueBulkEmails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: queueBulkEmails,
    onSuccess: () => refreshEmails(queryClient),
  });
}
