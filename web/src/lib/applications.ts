import type { Application } from "@reachout/contract/applications";
import type { RecommendedFormat } from "@reachout/contract/insights";
import { useQuery } from "@tanstack/react-query";
import { api } from "./api";

/**
 * Application calls the email dialog needs as well as the board (features do not import each
 * other). Schemas load on demand, so zod stays out of the first page's JavaScript.
 */
const schemas = () => import("@reachout/contract/applications");

export const APPLICATIONS_KEY = ["applications"] as const;

export async function fetchApplications(): Promise<Application[]> {
  const { ApplicationList } = await schemas();
  return api("/api/applications", { schema: ApplicationList });
}

export function useApplications(enabled = true) {
  return useQuery({ queryKey: APPLICATIONS_KEY, queryFn: fetchApplications, enabled });
}

/** PUT /api/applications/{id}/emails: the sent email and its contact join the application. */
export async function linkEmailToApplication(applicationId: string, emailId: string) {
  const { Application } = await schemas();
  return api(`/api/applications/${encodeURIComponent(applicationId)}/emails`, {
    method: "PUT",
    body: { email_id: emailId },
    schema: Application,
  });
}

/** The cohort's best format for a contact's industry (the writer's hint). */
export function useRecommendedFormat(contactId: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: ["recommended-format", contactId ?? ""],
    queryFn: async (): Promise<RecommendedFormat> => {
      const { RecommendedFormat } = await import("@reachout/contract/insights");
      return api("/api/insights/recommended-format", {
        query: { contact_id: contactId },
        schema: RecommendedFormat,
      });
    },
    enabled: enabled && Boolean(contactId),
    staleTime: 10 * 60_000,
  });
}
