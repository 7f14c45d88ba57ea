import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import {
  addOwnContact,
  type Session,
  signUp,
  startMailboxConnection,
  uniqueEmail,
  uploadResume,
} from "./helpers";

/** What differs between the providers: their consent page, and the stand-in's test routes. */
interface Provider {
  name: string;
  domain: string;
  connect(page: Page, student: Session, address: string): Promise<void>;
  /** The provider is set to tell Reachout about new mail (Gmail's watch, Graph's subscription). */
  watching(request: APIRequestContext, address: string): Promise<boolean>;
  /** The contact answers the email the student sent; answers the stand-in's status. */
  reply(request: APIRequestContext, address: string, text: string): Promise<number>;
}

const PROVIDERS: Provider[] = [
  {
    name: "Gmail",
    domain: "gmail.example",
    async connect(page, student, address) {
      await startMailboxConnection(page, student, "google");
      await page.getByRole("textbox", { name: "Email" }).fill(address);
      await page.getByRole("button", { name: "Allow" }).click();
    },
    async watching(request, address) {
      const watch = await request.get(`/__sandbox/gmail/watch.json?address=${address}`);
      return (await watch.json()).watching;
    },
    async reply(request, address, text) {
      const sent = await request.get(`/__sandbox/gmail/sent.json?from=${address}`);
      const [message] = await sent.json();
      const reply = await request.post("/__sandbox/gmail/reply", {
        data: { thread_id: message.thread_id, text },
      });
      return reply.status();
    },
  },
  {
    name: "Outlook",
    domain: "outlook.example",
    async connect(page, student, address) {
      await startMailboxConnection(page, student, "microsoft");
      await page.getByRole("textbox", { name: "Email, phone, or Skype" }).fill(address);
      await page.getByRole("button", { name: "Accept" }).click();
    },
    async watching(request, address) {
      const live = await request.get(`/__sandbox/microsoft/subscriptions.json?address=${address}`);
      return (await live.json()).length === 1;
    },
    async reply(request, address, text) {
      const sent = await request.get(`/__sandbox/microsoft/sent.json?from=${address}`);
      const [message] = await sent.json();
      const reply = await request.post("/__sandbox/microsoft/reply", {
        data: { conversation_id: message.conversation_id, text },
      });
      return reply.status();
    },
  },
];

for (const provider of PROVIDERS) {
  test(`with ${provider.name} connected, a reply shows the contact Responded within seconds, pushed, with no conversation opened`, async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const student = await signUp(request, uniqueEmail("push"));
    await uploadResume(request, student, [
      "Sam Ortiz",
      "Columbia University, B.A. Economics, 2026",
    ]);
    const address = `push.${student.id.slice(0, 8)}@${provider.domain}`;
    await provider.connect(page, student, address);
    await expect(page).not.toHaveURL(/__sandbox/);

    const contactId = await addOwnContact(request, student, {
      full_name: "Priya Nair",
      email: "priya.nair@lumen.example",
      title: "Recruiter",
      company: "Lumen",
    });
    const sent = await request.post(`/api/emails/send/${contactId}`, {
      headers: student.auth,
      data: { subject: "Analyst roles at Lumen", body: "Hi Priya, may I ask about your team?" },
    });
    expect(sent.ok()).toBe(true);

    // Connecting asks for the watch sweep at once (the minute cron is only the fallback).
    await expect
      .poll(() => provider.watching(request, address), { timeout: 20_000, intervals: [500] })
      .toBe(true);

    await page.goto("/my-network");
    const card = page.getByRole("article", { name: "Priya Nair", exact: true });
    await expect(card).toContainText("Contacted");

    expect(await provider.reply(request, address, "Happy to chat. Does Thursday work?")).toBe(201);
    const landed = Date.now();
    // Nobody opens the conversation: the notification syncs the mailbox, the live event the card.
    await expect(card).toContainText("Responded", { timeout: 10_000 });
    expect(Date.now() - landed).toBeLessThan(10_000);
  });
}
