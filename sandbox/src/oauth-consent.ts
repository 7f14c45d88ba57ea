import type { FastifyReply } from "fastify";
import { escapeHtml } from "./html";
import { type Form, first } from "./oauth-form";

/** The authorization request's parameters (OAuth 2.0, PKCE and OpenID Connect's nonce). */
const AUTHORIZATION_PARAMS = [
  "client_id",
  "redirect_uri",
  "response_type",
  "state",
  "scope",
  "code_challenge",
  "code_challenge_method",
  "nonce",
];

/** The authorization request and the provider's own parameters, carried through the form. */
export const hiddenFields = (form: Form, providerParams: string[]) =>
  [...AUTHORIZATION_PARAMS, ...providerParams]
    .map((key) => `<input type="hidden" name="${key}" value="${escapeHtml(first(form[key]))}">`)
    .join("");

/** An address the consent page accepts (the providers' own forms refuse the rest). */
export const isPlausibleAddress = (email: string) =>
  /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) && email.length <= 254;

/** Back to the app's redirect URI with the answer's parameters (empty ones left out). */
export function redirectBack(
  reply: FastifyReply,
  redirectUri: string,
  params: Record<string, string>,
) {
  const url = new URL(redirectUri);
  for (const [key, value] of Object.entries(params)) if (value) url.searchParams.set(key, value);
  return reply.redirect(url.toString(), 302);
}
