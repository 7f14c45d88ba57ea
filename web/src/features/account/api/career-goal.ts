import type { CareerGoal, CareerGoalResponse } from "@reachout/contract/goal";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api";

export const CAREER_GOAL_KEY = ["profile", "goal"] as const;

const schemas = () => import("@reachout/contract/goal");

/** GET /api/profile/goal: the goal the student saved (or null) and the one read from the resume. */
export async function fetchCareerGoal(): Promise<CareerGoalResponse> {
  const { CareerGoalResponse } = await schemas();
  return api("/api/profile/goal", { schema: CareerGoalResponse });
}

export function useCareerGoal() {
  return useQuery({ queryKey: CAREER_GOAL_KEY, queryFn: fetchCareerGoal });
}

/** PUT /api/profile/goal: every email's ask follows what the student saves here. */
export function useSaveCareerGoal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (goal: CareerGoal) => {
      const { CareerGoalResponse } = await schemas();
      return api("/api/profile/goal", { method: "PUT", body: goal, schema: CareerGoalResponse });
    },
    onSuccess: (data) => queryClient.setQueryData(CAREER_GOAL_KEY, data),
  });
}
