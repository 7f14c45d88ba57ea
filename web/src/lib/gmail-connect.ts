import { MailboxConnectResponse } from "@reachout/contract/auth";
import { LOCAL_KEYS } from "@reachout/contract/constants";
import { api } from "./api";

/**
 * Starts connecting a mailbox: the signed-in page asks the server by POST (its bearer header,
 * never a token in a link), the server pins the flow to this browser with an HttpOnly cookie
 * and answers the provider's consent page, which the page then opens (a full navigation).
 * `confirmed` says the student agreed to replace their other mailbox (one at a time).
 */
async function startConnect(provider: "google" | "microsoft", confirmed: boolean): Promise<void> {
  const { url } = await api(`/api/auth/${provider}/start`, {
    method: "POST",
    body: confirmed ? { switch: true } : {},
    schema: MailboxConnectResponse,
  });
  window.location.assign(url);
}

/** Connect Gmail: remember that a connection is under way, then go to Google's consent page. */
export async function startGmailConnect(confirmed = false): Promise<void> {
  localStorage.setItem(LOCAL_KEYS.gmailConnecting, "true");
  try {
    await startConnect("google", confirmed);
  } catch (error) {
    clearGmailConnecting();
    throw error;
  }
}

/** Connect Outlook: the same trip through Microsoft's consent page. */
export const startOutlookConnect = (confirmed = false) => startConnect("microsoft", confirmed);

export const isGmailConnecting = () => localStorage.getItem(LOCAL_KEYS.gmailConnecting) !== null;

export const clearGmailConnecting = () => localStorage.removeItem(LOCAL_KEYS.gmailConnecting);
