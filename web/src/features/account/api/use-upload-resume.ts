import { MESSAGES } from "@reachout/contract/messages";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { LATEST_RESUME_KEY } from "../../../lib/latest-resume";
import { compactToast } from "../../../lib/toast";
import { useSession } from "../../../lib/use-session";
import { SETUP_STATUS_KEY } from "../../../lib/use-setup-status";
import { RESUME_FACTS_KEY } from "./resume-facts";
import { uploadResume } from "./upload-resume";

/** Upload with retries and toasts; on success the profile and setup status are refreshed. */
export function useUploadResume() {
  const queryClient = useQueryClient();
  const { refreshProfile } = useSession();
  return useMutation({
    mutationFn: (file: File) =>
      uploadResume(file, { onRetry: (_attempt, message) => compactToast.error(message) }),
    onSuccess: async () => {
      compactToast.success(MESSAGES.resume.success);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: SETUP_STATUS_KEY }),
        queryClient.invalidateQueries({ queryKey: LATEST_RESUME_KEY }),
        queryClient.invalidateQueries({ queryKey: RESUME_FACTS_KEY }),
        refreshProfile(),
      ]);
    },
    onError: (error) => compactToast.error(error.message || MESSAGES.resume.failed),
  });
}
