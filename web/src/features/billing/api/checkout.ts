import type {
  CheckoutSessionResponse,
  CreateCheckoutSessionRequest,
} from "@reachout/contract/billing";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api";

export async function createCheckoutSession(
  body: CreateCheckoutSessionRequest,
): Promise<CheckoutSessionResponse> {
  const { CheckoutSessionResponse } = await import("@reachout/contract/billing");
  return api("/api/create-checkout-session", { body, schema: CheckoutSessionResponse });
}

/** Starts a checkout; on success the browser leaves for the payment page. */
export function useCheckout(handlers: {
  onSuccess: (response: CheckoutSessionResponse) => void;
  onError: (error: unknown) => void;
}) {
  return useMutation({ mutationFn: createCheckoutSession, ...handlers });
}
