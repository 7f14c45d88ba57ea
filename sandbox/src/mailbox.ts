export interface MailboxMessage {
  to: string;
  from: string;
  subject: string;
  text: string;
  sent_at: string;
}

/** Every system email the app sent in sandbox mode (verification codes, confirmations). */
export class Mailbox {
  private readonly messages: MailboxMessage[] = [];

  deliver(message: { to: string; from: string; subject: string; text: string }): void {
    this.messages.unshift({
      ...message,
      to: message.to.toLowerCase(),
      sent_at: new Date().toISOString(),
    });
    if (this.messages.length > 5000) this.messages.pop();
  }

  list(to?: string): MailboxMessage[] {
    const wanted = to?.trim().toLowerCase();
    return wanted ? this.messages.filter((m) => m.to === wanted) : [...this.messages];
  }
}
