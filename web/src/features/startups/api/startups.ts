import type { ContactStatus } from "@reachout/contract/constants";
import type { WaitlistRequest } from "@reachout/contract/public";
import { SubscribedResponse } from "@reachout/contract/public";
import type {
  GenerateStartupEmailRequest,
  LookupFounderEmailRequest,
  ScheduleStartupEmailRequest,
  SendStartupEmailRequest,
} from "@reachout/contract/startups";
import {
  FounderStatusesResponse,
  GeneratedStartupEmail,
  LookupFounderEmailResponse,
  StartupAccessResponse,
  StartupEmailResponse,
  StartupsResponse,
} from "@reachout/contract/startups";
import { useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import { api } from "../../../lib/api";
import { useSession } from "../../../lib/use-session";

export const STARTUPS_KEY = ["startups"] as const;
export const STARTUP_ACCESS_KEY = ["startups", "access"] as const;
export const FOUNDER_STATUSES_KEY = ["startups", "outreach"] as const;

/** GET /api/startups: public, sent without a token (docs/product.md §7). */
export function useStartups() {
  return useQuery({
    queryKey: STARTUPS_KEY,
    queryFn: ({ signal }) =>
      api("/api/startups", { schema: StartupsResponse, anonymous: true, signal }),
    staleTime: 5 * 60_000,
  });
}

export function useStartupAccess() {
  const { isLoggedIn } = useSession();
  return useQuery({
    queryKey: STARTUP_ACCESS_KEY,
    queryFn: () => api("/api/startups/access", { schema: StartupAccessResponse }),
    enabled: isLoggedIn,
  });
}

/** The caller's outreach status per founder id (absent ones are Uncontacted). */
export function useFounderStatuses(enabled: boolean) {
  return useQuery({
    queryKey: FOUNDER_STATUSES_KEY,
    queryFn: async () => {
      const { statuses } = await api("/api/startups/outreach", { schema: FounderStatusesResponse });
      return new Map<string, ContactStatus>(statuses.map((s) => [s.founder_id, s.status]));
    },
    enabled,
  });
}

/** Request bodies as the client writes them (before the contract's transforms). */
export type GenerateBody = z.input<typeof GenerateStartupEmailRequest>;
export type SendBody = z.input<typeof SendStartupEmailRequest>;
export type ScheduleBody = z.input<typeof ScheduleStartupEmailRequest>;

export const lookupFounderEmail = (body: z.input<typeof LookupFounderEmailRequest>) =>
  api("/api/startups/lookup_email", { body, schema: LookupFounderEmailResponse });

export const generateStartupEmail = (body: GenerateBody) =>
  api("/api/startups/generate_email", { body, schema: GeneratedStartupEmail });

export const sendStartupEmail = (body: SendBody) =>
  api("/api/startups/send_email", { body, schema: StartupEmailResponse });

export const scheduleStartupEmail = (body: ScheduleBody) =>
  api("/api/startups/schedule_send", { body, schema: StartupEmailResponse });

export const joinStartupWaitlist = (body: Omit<WaitlistRequest, "roles">) =>
  api("/api/waitlist", { body, schema: SubscribedResponse, anonymous: true });
