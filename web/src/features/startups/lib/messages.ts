import { ApiError } from "../../../lib/api";

/**
 * What to tell the user about a failed call: the server's detail for a refusal it explains
 * (4xx: no resume, no access, Gmail not connected, daily cap), else the spec's message (§8).
 */
export function failureMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status < 500 && error.detail) return error.detail;
  return fallback;
}
