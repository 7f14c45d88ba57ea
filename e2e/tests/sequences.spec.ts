import { type APIRequestContext, expect, test } from "@playwright/test";
import {
  createQuickSequence,
  listNetwork,
  logInDemo,
  type NetworkPerson,
  openAs,
  type SentMessage,
  type Session,
  sandboxGmailSent,
  saveFromDirectory,
} from "./helpers";

async function sentTo(request: APIRequestContext, to: string): Promise<SentMessage[]> {
  return (await sandboxGmailSent(request, to)).reverse(); // oldest first
}

/** A contact of the demo's network nobody has written to yet (saved from the directory). */
async function freshContact(request: APIRequestContext, session: Session): Promise<NetworkPerson> {
  const written = new Set((await sandboxGmailSent(request)).map((m) => m.to));
  await saveFromDirectory(request, session, 12);
  const people = await listNetwork(request, session);
  const fresh = people.find((p) => p.email && !written.has(p.email.toLowerCase()));
  if (!fresh) throw new Error("no contact left to write to");
  return fresh;
}

test("a contact gets two 1-minute follow-ups in the first email's thread, and a reply stops the rest", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const session = await logInDemo(request);
  const contact = await freshContact(request, session);
  const address = contact.email as string;
  const name = `Two quick follow-ups ${Date.now()}`;

  await openAs(page, session, "/sequences");
  await expect(page.getByRole("heading", { name: "Sequences" })).toBeVisible();
  await createQuickSequence(page, name);

  // The email dialog: write the first email, then "Send with follow-ups".
  await page.goto("/my-network");
  await page.getByRole("button", { name: `Email ${contact.full_name}`, exact: true }).click();
  const dialog = page.getByRole("dialog", { name: new RegExp(`^Email ${contact.full_name}`) });
  // The thread's suggestion fills the fields when it arrives: type after it.
  await expect(dialog.getByLabel("Subject")).not.toHaveAttribute(
    "placeholder",
    "Loading suggestion...",
  );
  await dialog.getByLabel("Subject").fill("Quick question about your team");
  await dialog
    .getByLabel("Body")
    .fill("Hi, I'd love to hear how you got started.\n\nThanks,\nDemo");
  await dialog.getByRole("button", { name: "Send with follow-ups" }).click();
  const followUps = page.getByRole("dialog", { name: "Send with follow-ups" });
  await followUps
    .getByLabel("Follow-ups")
    .selectOption({ label: `${name} (1 minute, then 1 minute)` });
  await followUps.getByRole("button", { name: "Start sequence" }).click();
  await expect(
    page.getByText(`Sending to ${contact.full_name} with follow-ups.`, { exact: false }),
  ).toBeVisible();

  // The first email, then the first follow-up a "minute" later, in the same Gmail thread.
  await expect
    .poll(async () => (await sentTo(request, address)).length, { timeout: 60_000 })
    .toBe(2);
  const [first, followUp] = await sentTo(request, address);
  expect(first.subject).toBe("Quick question about your team");
  expect(first.attachments).toEqual(["Demo Student Resume.pdf"]);
  expect(followUp.thread_id).toBe(first.thread_id);
  expect(followUp.subject).toBe("Re: Quick question about your team");
  expect(followUp.attachments).toEqual([]);

  // The contact replies; before the second follow-up the thread is read at Gmail, and it stops.
  const reply = await request.post("/__sandbox/gmail/reply", {
    data: { thread_id: first.thread_id, text: "Happy to chat, how about Thursday?" },
  });
  expect(reply.status()).toBe(201);

  // The Sequences page is in the sidebar.
  await page.keyboard.press("Escape");
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Sequences" })
    .click();
  await page.mouse.move(900, 600);
  await expect(page).toHaveURL(/\/sequences$/);
  const sequence = page.getByRole("region", { name, exact: true });
  const row = sequence.getByTestId(`enrollment-${contact.id}`);
  await expect(row.getByTestId("enrollment-status")).toHaveText("Replied", { timeout: 60_000 });
  await expect(row).toContainText("1 follow-up sent");
  await row.getByRole("button", { name: contact.full_name }).click();
  await expect(row.getByRole("listitem", { name: "Follow-up 1" })).toContainText("Sent");
  await expect(row.getByRole("listitem", { name: "Follow-up 2" })).toContainText(/Not sent/);
  // Per-step figures: the first follow-up got the reply.
  await expect(sequence.getByRole("row", { name: /Follow-up 1/ })).toContainText("100%");

  // Replied is final: the second follow-up was never handed to Gmail, and never will be.
  expect(await sentTo(request, address)).toHaveLength(2);

  // My Network shows the contact's sequence status.
  await page.goto("/my-network");
  await expect(
    page
      .getByRole("article", { name: contact.full_name, exact: true })
      .getByText("Sequence: Replied"),
  ).toBeVisible();
});
