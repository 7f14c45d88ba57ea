import { type APIRequestContext, expect, type Locator, type Page, test } from "@playwright/test";
import {
  listNetwork,
  logInDemo,
  type NetworkPerson,
  openAs,
  type Session,
  sandboxGmailSent,
  saveFromDirectory,
  signUp,
  uniqueEmail,
} from "./helpers";

async function expectGmailConnected(request: APIRequestContext, session: Session) {
  const status = await request.get("/api/auth/gmail/status", { headers: session.auth });
  expect(await status.json()).toEqual({ connected: true });
}

/** Saves `count` more emailable people from the global database into the student's network. */
async function saveMoreContacts(request: APIRequestContext, session: Session, count: number) {
  for (const saved of await saveFromDirectory(request, session, count)) {
    expect(saved.ok()).toBe(true);
  }
}

/** The emailable people of the student's network. */
async function network(request: APIRequestContext, session: Session): Promise<NetworkPerson[]> {
  return (await listNetwork(request, session)).filter((c) => c.email);
}

const card = (page: Page, name: string) => page.getByRole("article", { name, exact: true });
const emailDialog = (page: Page, name: string) =>
  page.getByRole("dialog", { name: new RegExp(`^Email ${name}`) });

async function openEmail(page: Page, contact: NetworkPerson): Promise<Locator> {
  await page.getByRole("button", { name: `Email ${contact.full_name}`, exact: true }).click();
  const dialog = emailDialog(page, contact.full_name);
  await expect(dialog).toBeVisible();
  return dialog;
}

/** datetime-local value for a Date, in the browser's (and this machine's) time zone. */
function localValue(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

test.describe.configure({ mode: "serial" });

test("a new user is asked to complete the setup before writing, and connects Gmail from it", async ({
  page,
  request,
}) => {
  const session = await signUp(request, uniqueEmail("writer"));
  await saveMoreContacts(request, session, 1);
  const [contact] = await network(request, session);

  await openAs(page, session, "/my-network");
  let dialog = await openEmail(page, contact);
  await dialog.getByRole("button", { name: "Personalize Email" }).click();
  let setup = page.getByRole("dialog", { name: "Complete Your Setup" });
  await expect(setup.getByText(/Upload your resume/)).toContainText("(missing)");
  await expect(setup.getByText(/Connect your Gmail/)).toContainText("(missing)");
  await expect(setup.getByRole("link", { name: "Upload Resume" })).toHaveAttribute(
    "href",
    "/profile",
  );

  await setup.getByRole("button", { name: "Connect Gmail" }).click();
  await expect(page.getByRole("heading", { name: "Sign in with Google" })).toBeVisible();
  await page.getByRole("button", { name: "Allow" }).click();
  await expect(page).toHaveURL(/\/account/);
  await expectGmailConnected(request, session);
  // Let the Account page settle (it tidies its URL after the callback) before leaving it: a
  // navigation started meanwhile is aborted by the page's own.
  await expect(page.getByTestId("setup-gmail")).toContainText("Gmail");

  await page.goto("/my-network");
  dialog = await openEmail(page, contact);
  await expect(dialog.getByRole("button", { name: "Send Email" })).toBeDisabled();
  await dialog.getByRole("button", { name: "Precision Email" }).click();
  setup = page.getByRole("dialog", { name: "Complete Your Setup" });
  await expect(setup.getByText(/Connect your Gmail/)).toContainText("(complete)");
  await expect(setup.getByText(/Upload your resume/)).toContainText("(missing)");
});

test("write, send, reply, schedule, cancel and bulk-send from My Network", async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const session = await logInDemo(request);
  await saveMoreContacts(request, session, 4);
  const people = await network(request, session);
  expect(people.length).toBeGreaterThanOrEqual(8);
  const [grace, later, cancelled, ...rest] = people;
  const bulk = rest.slice(0, 5);

  await expectGmailConnected(request, session);
  await openAs(page, session, "/my-network");
  await expect(page.getByRole("heading", { name: "My Network" })).toBeVisible();

  // Both formats, then send.
  let dialog = await openEmail(page, grace);
  const subject = dialog.getByLabel("Subject");
  const body = dialog.getByLabel("Body");
  await dialog.getByRole("button", { name: "Personalize Email" }).click();
  await expect(body).toHaveValue(new RegExp(`^Hi ${grace.full_name.split(" ")[0]},`));
  await expect(body).toHaveValue(/resume/);
  const personalized = await body.inputValue();
  await dialog.getByRole("button", { name: "Precision Email" }).click();
  await expect(body).toHaveValue(/What I bring:/);
  expect(await body.inputValue()).not.toBe(personalized);
  await expect(subject).not.toHaveValue("");
  await dialog.getByRole("button", { name: "Send Email" }).click();
  await expect(page.getByText(`Sent email to ${grace.full_name} @ ${grace.company}`)).toBeVisible();

  const [message] = await sandboxGmailSent(request, grace.email as string);
  expect(message.attachments).toEqual(["Demo Student Resume.pdf"]);
  expect(message.text).toContain("What I bring:");

  // The contact replies in Gmail; opening the conversation shows it and the status.
  const reply = await request.post("/__sandbox/gmail/reply", {
    data: { thread_id: message.thread_id, text: "Thanks for reaching out! Free on Thursday?" },
  });
  expect(reply.status()).toBe(201);
  await page.keyboard.press("Escape");
  dialog = await openEmail(page, grace);
  const conversation = dialog.getByRole("region", { name: "Conversation" });
  await expect(conversation.getByText("Thanks for reaching out! Free on Thursday?")).toBeVisible();
  await expect(conversation.getByRole("article")).toHaveCount(2);
  await expect(dialog.getByText("Responded", { exact: true })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(card(page, grace.full_name).getByText("Responded", { exact: true })).toBeVisible();

  // Schedule one for the next minute and watch it leave when due.
  dialog = await openEmail(page, later);
  await dialog.getByRole("button", { name: "Personalize Email" }).click();
  await expect(dialog.getByLabel("Body")).toHaveValue(/^Hi /);
  await dialog.getByRole("button", { name: "Schedule" }).click();
  let scheduler = page.getByRole("dialog", { name: "Schedule Email" });
  await scheduler.getByRole("button", { name: "Schedule Email" }).click();
  await expect(scheduler.getByRole("alert")).toHaveText("Please select a scheduled time");
  await scheduler.getByLabel("Scheduled Time").fill(localValue(new Date(Date.now() + 60_000)));
  await scheduler.getByRole("button", { name: "Schedule Email" }).click();
  await expect(page.getByText(/^Email scheduled for /)).toBeVisible();

  // Schedule another for tomorrow, then cancel it in the manager.
  dialog = await openEmail(page, cancelled);
  await dialog.getByRole("button", { name: "Precision Email" }).click();
  await expect(dialog.getByLabel("Body")).toHaveValue(/What I bring:/);
  await dialog.getByRole("button", { name: "Schedule" }).click();
  scheduler = page.getByRole("dialog", { name: "Schedule Email" });
  await scheduler
    .getByLabel("Scheduled Time")
    .fill(localValue(new Date(Date.now() + 24 * 3600_000)));
  await scheduler.getByRole("button", { name: "Schedule Email" }).click();
  await expect(page.getByText(/^Email scheduled for /).first()).toBeVisible();

  await page.getByRole("button", { name: "Scheduled Emails" }).click();
  const manager = page.getByRole("dialog", { name: "Scheduled Emails" });
  const waiting = manager.getByTestId("scheduled-email").filter({ hasText: cancelled.full_name });
  await waiting.getByRole("button", { name: `Cancel the email to ${cancelled.full_name}` }).click();
  await waiting.getByRole("button", { name: "Cancel Email" }).click();
  await expect(page.getByText(`Cancelled the email to ${cancelled.full_name}`)).toBeVisible();
  await manager.getByRole("button", { name: /^Cancelled/ }).click();
  await expect(
    manager.getByTestId("scheduled-email").filter({ hasText: cancelled.full_name }),
  ).toBeVisible();

  // The first scheduled email goes out when due (the worker polls every second).
  await expect
    .poll(async () => (await sandboxGmailSent(request, later.email as string)).length, {
      timeout: 150_000,
    })
    .toBe(1);
  await manager.getByRole("button", { name: /^Sent/ }).click();
  await expect(
    manager.getByTestId("scheduled-email").filter({ hasText: later.full_name }),
  ).toBeVisible({ timeout: 15_000 });
  expect(await sandboxGmailSent(request, cancelled.email as string)).toHaveLength(0);
  await page.keyboard.press("Escape");

  // Bulk: five contacts, generated, sent with progress and results.
  for (const person of bulk) {
    await card(page, person.full_name).getByRole("checkbox").check();
  }
  await page.getByRole("button", { name: "Bulk Email" }).click();
  const bulkDialog = page.getByRole("dialog", { name: "Bulk Email" });
  await bulkDialog.getByRole("button", { name: "Send All" }).click();
  await expect(bulkDialog.getByRole("alert")).toHaveText(
    "5 contact(s) are missing a generated email or have errors. Please generate emails for all contacts before sending.",
  );
  await bulkDialog.getByRole("button", { name: "Generate Emails" }).click();
  await expect(bulkDialog.getByText("Ready", { exact: true })).toHaveCount(5, { timeout: 30_000 });
  await bulkDialog.getByRole("button", { name: "Send All" }).click();
  await bulkDialog.getByRole("button", { name: "Send 5 Emails" }).click();
  // Queued on the mailbox's line (bulk-line.spec.ts checks the spacing), then watched leaving.
  await expect(bulkDialog.getByText(/^Sending [0-5] of 5\./)).toBeVisible();
  await expect(bulkDialog.getByText("Sent 5 emails, 0 failed")).toBeVisible({ timeout: 30_000 });
  const succeeded = bulkDialog.getByRole("region", { name: "When each email leaves" });
  for (const person of bulk) await expect(succeeded.getByText(person.full_name)).toBeVisible();
  for (const person of bulk) {
    expect((await sandboxGmailSent(request, person.email as string)).length).toBeGreaterThanOrEqual(
      1,
    );
  }
});
