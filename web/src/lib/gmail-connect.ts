import { LOCAL_KEYS } from "@reachout/contract/constants";

/**
 * Connect Gmail: remember that a connection is under way, then hand the browser to the
 * server, which sends it to Google's consent page (a full redirect, not a fetch). `confirmed`
 * says the student agreed to replace their other mailbox (one mailbox at a time).
 */
export function startGmailConnect(token: string, confirmed = false): void {
  localStorage.setItem(LOCAL_KEYS.gmailConnecting, "true");
  window.location.assign(
    `/api/auth/google/start?t=${encodeURIComponent(token)}${confirmed ? "&switch=true" : ""}`,
  );
}

/** Connect Outlook: the same trip through Microsoft's consent page. */
export function startOutlookConnect(token: string, confirmed = false): void {
  window.location.assign(
    `/api/auth/microsoft/start?t=${encodeURIComponent(token)}${confirmed ? "&switch=true" : ""}`,
  );
}

export const isGmailConnecting = () => localStorage.getItem(LOCAL_KEYS.gmailConnecting) !== null;

export const clearGmailConnecting = () => localStorage.removeItem(LOCAL_KEYS.gmailConnecting);
