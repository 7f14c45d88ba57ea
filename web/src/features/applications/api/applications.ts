import type {
  Application,
  ApplicationStage,
  ApplicationSuggestions,
  CreateApplicationRequest,
  UpdateApplicationRequest,
} from "@reachout/contract/applications";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { APPLICATIONS_KEY } from "../../../lib/applications";

const schemas = () => import("@reachout/contract/applications");

export { APPLICATIONS_KEY, useApplications } from "../../../lib/applications";

export function useCreateApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateApplicationRequest) => {
      const { Application } = await schemas();
      return api("/api/applications", { method: "POST", body, schema: Application });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: APPLICATIONS_KEY }),
  });
}

export function useUpdateApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: string; body: UpdateApplicationRequest }) => {
      const { Application } = await schemas();
      return api(`/api/applications/${id}`, { method: "PATCH", body, schema: Application });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: APPLICATIONS_KEY }),
  });
}

/** A stage move shows at once; the server's answer (or a failure) settles it. */
export function useMoveApplication() {
  const queryClient = useQueryClient();
  const update = useUpdateApplication();
  return (id: string, stage: ApplicationStage) => {
    queryClient.setQueryData<Application[]>(APPLICATIONS_KEY, (list) =>
      list?.map((item) => (item.id === id ? { ...item, stage } : item)),
    );
    return update.mutateAsync({ id, body: { stage } });
  };
}

export function useDeleteApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(`/api/applications/${id}`, { method: "DELETE" }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: APPLICATIONS_KEY }),
  });
}

export function useSetApplicationContacts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, contactIds }: { id: string; contactIds: string[] }) => {
      const { Application } = await schemas();
      return api(`/api/applications/${id}/contacts`, {
        method: "PUT",
        body: { contact_ids: contactIds },
        schema: Application,
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: APPLICATIONS_KEY }),
  });
}

export function useSuggestions(id: string, enabled: boolean) {
  return useQuery({
    queryKey: [...APPLICATIONS_KEY, "suggestions", id],
    queryFn: async (): Promise<ApplicationSuggestions> => {
      const { ApplicationSuggestions } = await schemas();
      return api(`/api/applications/${id}/suggestions`, { schema: ApplicationSuggestions });
    },
    enabled,
  });
}
