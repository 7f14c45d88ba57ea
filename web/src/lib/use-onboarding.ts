import type { OnboardingStatus } from "@reachout/contract/onboarding";
import { useQuery } from "@tanstack/react-query";
import { api } from "./api";
import { useSession } from "./use-session";
import { SETUP_STATUS_KEY } from "./use-setup-status";

/** Under the setup status key: whatever refreshes the resume and Gmail state refreshes this too. */
export const ONBOARDING_KEY = [...SETUP_STATUS_KEY, "onboarding"] as const;

/** GET /api/user/onboarding: which setup steps the signed-in user has done. */
export function useOnboarding() {
  const { isLoggedIn } = useSession();
  return useQuery({
    queryKey: ONBOARDING_KEY,
    queryFn: async (): Promise<OnboardingStatus> => {
      const schemas = await import("@reachout/contract/onboarding");
      return api("/api/user/onboarding", { schema: schemas.OnboardingStatus });
    },
    enabled: isLoggedIn,
    // Each step is done on another page: coming back must show it ticked.
    staleTime: 0,
  });
}
