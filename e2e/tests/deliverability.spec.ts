import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import {
  addOwnContact,
  latestMail,
  openAs,
  type Session,
  signUp,
  startMailboxConnection,
  uniqueEmail,
  uploadResume,
} from "./helpers";

interface Student extends Session {
  gmail: string;
}

/** A student ready to send: signed up, resume uploaded, Gmail connected on the consent page. */
async function readyStudent(page: Page, request: APIRequestContext, prefix: string) {
  const session = await signUp(request, uniqueEmail(prefix));
  await uploadResume(request, session, [
    "Robin Student",
    "Columbia University, B.A. Economics, 2026",
    "Summer analyst at Northbridge: built a DCF model",
  ]);
  const gmail = `${prefix}.${session.id.slice(0, 8)}@gmail.example`;
  await startMailboxConnection(page, session, "google");
  await page.getByRole("textbox", { name: "Email" }).fill(gmail);
  await page.getByRole("button", { name: "Allow" }).click();
  await expect(page).not.toHaveURL(/__sandbox/);
  return { ...session, gmail } satisfies Student;
}

/** Adds a person to the student's My Network (own contact); answers the contact id. */
const addContact = (request: APIRequestContext, student: Session, email: string) =>
  addOwnContact(request, student, {
    full_name: "Jordan Rivera",
    email,
    title: "Campus Recruiter",
    company: "Northbridge",
  });

const sendByApi = (request: APIRequestContext, student: Session, contactId: string) =>
  request.post(`/api/emails/send/${contactId}`, {
    headers: student.auth,
    data: { subject: "Internship question", body: "Hi Jordan, may I ask about your team?" },
  });

async function sendFromDialog(page: Page, name: string) {
  await page.getByRole("button", { name: `Email ${name}`, exact: true }).click();
  const dialog = page.getByRole("dialog", { name: new RegExp(`^Email ${name}`) });
  // The thread's suggestion fills the fields when it arrives: type after it.
  await expect(dialog.getByLabel("Subject")).not.toHaveAttribute(
    "placeholder",
    "Loading suggestion...",
  );
  await dialog.getByLabel("Subject").fill("Internship question");
  await dialog.getByLabel("Body").fill("Hi Jordan, may I ask about your team?");
  await dialog.getByRole("button", { name: "Send Email" }).click();
  return dialog;
}

const card = (page: Page) => page.getByRole("article", { name: "Jordan Rivera", exact: true });

test.describe.configure({ mode: "serial" });

test("a bounce marks the contact bounced within a minute, and another student's send answers 409", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const ada = await readyStudent(page, request, "bounce");
  const address = `jordan.${ada.id.slice(0, 8)}@bounce.example`;
  await addContact(request, ada, address);

  await page.goto("/my-network");
  const dialog = await sendFromDialog(page, "Jordan Rivera");
  await expect(page.getByText("Sent email to Jordan Rivera @ Northbridge")).toBeVisible();
  await dialog.getByRole("button", { name: "Close" }).first().click();

  // The sandbox's mailer daemon answers in seconds; the sync after the send picks it up.
  await expect(card(page).getByText("Bounced")).toBeVisible({ timeout: 60_000 });
  await expect(card(page).getByText("Contacted")).toBeVisible();

  await page.getByRole("button", { name: "Email Jordan Rivera", exact: true }).click();
  const conversation = page.getByRole("region", { name: "Conversation" });
  await expect(conversation.getByText("Mail delivery system")).toBeVisible();
  await expect(conversation.getByText(/Bounced \(5\.1\.1\)/)).toBeVisible();
  await expect(conversation.getByText(/bounced permanently/)).toBeVisible();

  const bob = await readyStudent(page, request, "bob");
  const refused = await sendByApi(request, bob, await addContact(request, bob, address));
  expect(refused.status()).toBe(409);
  const { detail } = (await refused.json()) as { detail: string };
  expect(detail).toContain("bounced permanently");
  expect(detail).not.toContain(ada.email);
  expect(detail).not.toContain(ada.gmail);

  // The Account page shows the sending health of the first student's new mailbox.
  await openAs(page, ada, "/account");
  await expect(page.getByRole("heading", { name: "Sending health" })).toBeVisible();
  await expect(page.getByTestId("sent-today")).toHaveText("1 / 20");
  await expect(page.getByText(/Warming up, day 1/)).toBeVisible();
});

test("an out-of-office answer is marked automatic and the contact stays Contacted", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const ada = await readyStudent(page, request, "ooo");
  const contactId = await addContact(request, ada, `jordan.${ada.id.slice(0, 8)}@ooo.example`);
  expect((await sendByApi(request, ada, contactId)).ok()).toBe(true);

  await page.goto("/my-network");
  await page.getByRole("button", { name: "Email Jordan Rivera", exact: true }).click();
  const conversation = page.getByRole("region", { name: "Conversation" });
  await expect(async () => {
    // Each opening syncs the conversation with Gmail: reopen until the answer has arrived.
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "Email Jordan Rivera", exact: true }).click();
    await expect(conversation.getByText("Automatic reply", { exact: true })).toBeVisible({
      timeout: 3_000,
    });
  }).toPass({ timeout: 30_000 });
  await expect(conversation.getByText(/Back on/)).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(card(page).getByText("Contacted")).toBeVisible();
  await expect(card(page).getByText("Responded")).toHaveCount(0);
});

test('a reply "Please remove me from your list" opts the address out for everyone', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const ada = await readyStudent(page, request, "optout");
  const address = `jordan.${ada.id.slice(0, 8)}@northbridge.example`;
  const contactId = await addContact(request, ada, address);
  expect((await sendByApi(request, ada, contactId)).ok()).toBe(true);
  const sent = (await (
    await request.get(`/__sandbox/gmail/sent.json?from=${encodeURIComponent(ada.gmail)}`)
  ).json()) as Array<{ thread_id: string }>;
  await request.post("/__sandbox/gmail/reply", {
    data: { thread_id: sent[0].thread_id, text: "Please remove me from your list." },
  });

  await page.goto("/my-network");
  await page.getByRole("button", { name: "Email Jordan Rivera", exact: true }).click();
  const conversation = page.getByRole("region", { name: "Conversation" });
  await expect(conversation.getByText("Opted out", { exact: true })).toBeVisible();
  await expect(
    conversation.getByText(/the reply says "Please remove me from your list\."/),
  ).toBeVisible();
  await page.keyboard.press("Escape");
  await page.reload();
  await expect(card(page).getByText("Opted out")).toBeVisible();
  // An opt-out is not a reply: the card stays Contacted, as insights count it.
  await expect(card(page).getByText("Contacted")).toBeVisible();
  await expect(card(page).getByText("Responded")).toHaveCount(0);

  const other = await readyStudent(page, request, "other");
  const otherContact = await addContact(request, other, address);
  const refused = await sendByApi(request, other, otherContact);
  expect(refused.status()).toBe(409);
  expect(((await refused.json()) as { detail: string }).detail).toContain(
    "asked not to be contacted",
  );
});

test("four students write first emails to one address in a week: the fourth gets 429", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const address = `${uniqueEmail("recruiter").split("@")[0]}@harborview.example`;
  for (const prefix of ["first", "second", "third"]) {
    const student = await readyStudent(page, request, prefix);
    const contactId = await addContact(request, student, address);
    expect((await sendByApi(request, student, contactId)).ok()).toBe(true);
  }
  const fourth = await readyStudent(page, request, "fourth");
  await addContact(request, fourth, address);

  await page.goto("/my-network");
  await expect(card(page).getByText("3 students wrote this week")).toBeVisible();
  const dialog = await sendFromDialog(page, "Jordan Rivera");
  await expect(dialog.getByRole("alert")).toContainText(
    /already received 3 first emails .* You can write to them from/,
  );
});

test("anyone can opt out on the public page, confirming with the emailed link", async ({
  page,
  request,
}) => {
  const address = uniqueEmail("nevercontact");
  await page.goto("/");
  await page.getByRole("link", { name: "Don't email me" }).click();
  await expect(page).toHaveURL(/\/opt-out$/);
  await page.getByLabel("Your email address").fill(address);
  await page.getByRole("button", { name: "Send confirmation link" }).click();
  await expect(page.getByText(/a confirmation link is on its way/)).toBeVisible();

  const mail = await latestMail(request, address);
  const link = /https?:\/\/\S+\/opt-out\/confirm\?token=\S+/.exec(mail.text)?.[0] as string;
  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page.getByText(/Nobody will be able to email this address/)).toBeVisible();

  const student = await signUp(request, uniqueEmail("writer"));
  const contactId = await addContact(request, student, address);
  const listed = await request.get(`/api/my-network/contacts/${contactId}`, {
    headers: student.auth,
  });
  expect(((await listed.json()) as { email_status: string }).email_status).toBe("opted_out");
});
