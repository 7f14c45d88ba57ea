import nodemailer from "nodemailer";
import type { Config } from "../config";

export interface SystemEmail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** Where system email goes when no SMTP server is configured: the sandbox mailbox. */
export interface LocalMailbox {
  deliver(message: SystemEmail & { from: string }): void;
}

export interface Mailer {
  /** messageId: the Message-ID header (the outbox gives each queued message its own). */
  send(message: SystemEmail & { messageId?: string }): Promise<void>;
}

export function createMailer(config: Config, mailbox?: LocalMailbox): Mailer {
  if (config.mail.smtpUrl) {
    // Bounded waits: a server that hangs fails the attempt, and the outbox retries it later.
    const transport = nodemailer.createTransport(config.mail.smtpUrl, {
      connectionTimeout: 20_000,
      greetingTimeout: 20_000,
      socketTimeout: 60_000,
    });
    return {
      async send(message) {
        await transport.sendMail({ from: config.mail.from, ...message });
      },
    };
  }
  if (!mailbox) {
    throw new Error(
      "SMTP_URL is not set and no sandbox mailbox is mounted: system email has nowhere to go",
    );
  }
  return {
    async send({ messageId: _messageId, ...message }) {
      mailbox.deliver({ from: config.mail.from, ...message });
    },
  };
}
