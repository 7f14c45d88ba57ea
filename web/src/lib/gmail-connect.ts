import { LOCAL_KEYS } from "@reachout/contract/constants";

/**
 * Connect Gmail: remember that a connection is under way, then hand the browser to the
 * server, which sends it to Google's consent page (a full redirect, not a fetch).
 */
export function startGmailConnect(token: string): void {
  localStorage.setItem(LOCAL_KEYS.gmailConnecting, "true");
  window.location.assign(`/api/auth/google/start?t=${encodeURIComponent(token)}`);
}

export const isGmailConnecting = () => localStorage.getItem(LOCAL_KEYS.gmailConnecting) !== null;

export const clearGmailConnecting = () => localStorage.removeItem(LOCAL_KEYS.gmailConnecting);
