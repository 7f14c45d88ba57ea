import { CreditsResponse } from "@reachout/contract/auth";
import { TIMERS } from "@reachout/contract/constants";
import { type QueryClient, useQuery } from "@tanstack/react-query";
import { api } from "./api";
import { useSession } from "./use-session";

/** One cache entry for the balance, shared by every page that shows or spends credits. */
export const CREDITS_KEY = ["user", "credits"] as const;

/** GET /api/user/credits, polled every 120 s; the stored profile fills in while it loads. */
export function useCreditBalance(): { credits: number | undefined; isLoading: boolean } {
  const { user, isLoggedIn } = useSession();
  const query = useQuery({
    queryKey: CREDITS_KEY,
    queryFn: () => api("/api/user/credits", { schema: CreditsResponse }),
    refetchInterval: TIMERS.creditsPollMs,
    enabled: isLoggedIn,
  });
  return { credits: query.data?.credits ?? user?.credits, isLoading: query.isLoading };
}

/** After a call that answered the new balance (a save, a search). */
export function setCachedCredits(queryClient: QueryClient, credits: number): void {
  queryClient.setQueryData(CREDITS_KEY, { credits });
}
