import type { Config } from "../config";
import { forgetGmailTokens, gmailProvider } from "./gmail";
import type {
  MailboxAccountRef,
  MailboxClientOptions,
  MailboxProvider,
  MailboxProviderName,
} from "./mailbox";
import { forgetMicrosoftTokens, microsoftProvider } from "./microsoft-graph";

/** A stored mailbox connection: which provider holds it, and its sealed grant. */
export interface ConnectedMailboxRef extends MailboxAccountRef {
  provider: MailboxProviderName;
}

/** The provider client for one connected mailbox (timeoutMs bounds each call). */
export function createMailboxProvider(
  config: Config,
  account: ConnectedMailboxRef,
  options: MailboxClientOptions = {},
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
