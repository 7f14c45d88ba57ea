import { TIMERS } from "@reachout/contract/constants";
import { type ExternalToast, toast as sonner } from "sonner";

/** General toasts: top-right, 5 s. */
export const toast = {
  success: (message: string, options?: ExternalToast) => sonner.success(message, options),
  error: (message: string, options?: ExternalToast) => sonner.error(message, options),
  info: (message: string, options?: ExternalToast) => sonner.info(message, options),
};

/** Startup and account toasts: top-center, 2.5 s, at most 3, newest on top. */
export const compactToast = {
  success: (message: string) =>
    sonner.success(message, { toasterId: "compact", duration: TIMERS.compactToastMs }),
  error: (message: string) =>
    sonner.error(message, { toasterId: "compact", duration: TIMERS.compactToastMs }),
};
