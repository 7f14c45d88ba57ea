import type { ProfileResponse, UpdateProfileRequest } from "@reachout/contract/profile";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "./api";
import { SETUP_STATUS_KEY } from "./use-setup-status";

export async function updateProfile(changes: UpdateProfileRequest): Promise<ProfileResponse> {
  const schemas = await import("@reachout/contract/profile");
  return api("/api/profile", { method: "PATCH", body: changes, schema: schemas.ProfileResponse });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SETUP_STATUS_KEY }),
  });
}
