import { ContactInfoResponse } from "@reachout/contract";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api";

/** The team's addresses come from server config (SUPPORT_EMAIL, BUSINESS_EMAIL, SALES_EMAIL). */
export const fetchContactInfo = () =>
  api("/api/public/contact-info", { schema: ContactInfoResponse, anonymous: true });

export const useContactInfo = () =>
  useQuery({
    queryKey: ["contact-info"],
    queryFn: fetchContactInfo,
    staleTime: Number.POSITIVE_INFINITY,
  });
