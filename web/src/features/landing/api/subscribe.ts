import type { NewsletterRequest, WaitlistRequest } from "@reachout/contract/public";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api";

// The footer and the landing page are on the first screen: the response schema (and zod with
// it) loads when a form is sent, not with the page.
const loadSchemas = () => import("@reachout/contract/public");

export async function subscribeNewsletter(body: NewsletterRequest) {
  const { SubscribedResponse } = await loadSchemas();
  return api("/api/newsletter", { body, schema: SubscribedResponse, anonymous: true });
}

export async function joinWaitlist(body: WaitlistRequest) {
  const { SubscribedResponse } = await loadSchemas();
  return api("/api/waitlist", { body, schema: SubscribedResponse, anonymous: true });
}

export const useSubscribeNewsletter = () => useMutation({ mutationFn: subscribeNewsletter });
export const useJoinWaitlist = () => useMutation({ mutationFn: joinWaitlist });
