import type { OptOutConfirmRequest, OptOutRequest } from "@reachout/contract/deliverability";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api";

const loadSchemas = () => import("@reachout/contract/deliverability");

/** POST /api/opt-out: answers 202 whatever the address; the email carries the link. */
export async function requestOptOut(body: OptOutRequest) {
  const { OptOutResponse } = await loadSchemas();
  return api("/api/opt-out", { body, schema: OptOutResponse, anonymous: true });
}

/** POST /api/opt-out/confirm: the token from the link. */
export async function confirmOptOut(body: OptOutConfirmRequest) {
  const { OptOutResponse } = await loadSchemas();
  return api("/api/opt-out/confirm", { body, schema: OptOutResponse, anonymous: true });
}

export const useRequestOptOut = () => useMutation({ mutationFn: requestOptOut });
export const useConfirmOptOut = () => useMutation({ mutationFn: confirmOptOut });
