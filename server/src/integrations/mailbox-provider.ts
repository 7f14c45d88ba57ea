import type { Config } from "../config";
import { forgetGmailTokens, gmailProvider } from "./gmail";
import type { MailboxAccountRef, MailboxProvider, MailboxProviderName } from "./mailbox";
import { forgetMicrosoftTokens, microsoftProvider } from "./microsoft-graph";

/** A stored mailbox connection: which provider holds it, and its sealed grant. */
export interface ConnectedMailboxRef extends MailboxAccountRef {
  provider: MailboxProviderName;
}

/** The provider client for one connected mailbox (timeoutMs bounds each call). */
export function createMailboxProvider(
  config: Config,
  account: ConnectedMailboxRef,
  options: {
    timeoutMs?: number;
    /** Ends every call of this client still under way (a send's whole step, token included). */
    deadline?: AbortSignal;
    /** A provider that rotates refresh tokens (Microsoft) hands the new one here to be stored. */
    onNewRefreshToken?: (refreshToken: string) => Promise<void>;
  } = {},
): MailboxProvider {
  switch (account.provider) {
    case "gmail":
      return gmailProvider(config, account, {
        timeoutMs: options.timeoutMs,
        deadline: options.deadline,
      });
    case "microsoft":
      return microsoftProvider(config, account, options);
  }
}

/** Forgets a mailbox's cached access tokens (a reconnect or a revoked grant). */
export function forgetMailboxTokens(account: ConnectedMailboxRef): void {
  switch (account.provider) {
    case "gmail":
      forgetGmailTokens(account);
      break;
    case "microsoft":
      forgetMicrosoftTokens(account);
      break;
  }
}
