import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import {
  addOwnContact,
  type Session,
  signUp,
  startMailboxConnection,
  uniqueEmail,
  uploadResume,
} from "./helpers";

/**
 * Issue 33 in the browser: a refusal of the student's own email (DMARC) never touches the
 * recipient while the Account page names it; a full mailbox holds the address for the student's
 * sequences, shown as "held until <date>". The sandbox's mail systems answer mail to
 * …@dmarc-reject.example with Gmail's 5.7.26 report and to …@full.example with a 5.2.2 one.
 */
async function connectedStudent(page: Page, request: APIRequestContext, tag: string) {
  const student = await signUp(request, uniqueEmail(tag));
  await uploadResume(request, student, ["Riley Student", "Rutgers University, B.S. Finance, 2027"]);
  await startMailboxConnection(page, student, "google");
  await page
    .getByRole("textbox", { name: "Email" })
    .fill(`riley.${student.id.slice(0, 8)}@gmail.example`);
  await page.getByRole("button", { name: "Allow" }).click();
  await expect(page).not.toHaveURL(/__sandbox/);
  return student;
}

async function sendTo(
  request: APIRequestContext,
  student: Session,
  person: { full_name: string; email: string },
) {
  const contactId = await addOwnContact(request, student, {
    ...person,
    title: "Campus Recruiter",
    company: "Northbridge",
  });
  const sent = await request.post(`/api/emails/send/${contactId}`, {
    headers: student.auth,
    data: { subject: "Internship question", body: "Hi, may I ask about your team?" },
  });
  expect(sent.ok(), await sent.text()).toBe(true);
  return contactId;
}

/** Reads the conversation (which syncs it) until its last message is the mail system's report. */
async function waitForReport(request: APIRequestContext, student: Session, contactId: string) {
  await expect
    .poll(
      async () => {
        const thread = (await (
          await request.get(`/api/emails/thread/${contactId}`, { headers: student.auth })
        ).json()) as { messages: Array<{ kind: string }> };
        return thread.messages.at(-1)?.kind;
      },
      { timeout: 60_000 },
    )
    .toBe("bounce");
}

test("a DMARC refusal leaves the contact ok while the Account page names it", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const student = await connectedStudent(page, request, "dmarc");
  const contactId = await sendTo(request, student, {
    full_name: "Dana Pryce",
    email: `dana.${student.id.slice(0, 8)}@dmarc-reject.example`,
  });
  await waitForReport(request, student, contactId);

  const record = await request.get(`/api/my-network/contacts/${contactId}`, {
    headers: student.auth,
  });
  expect(await record.json()).toMatchObject({ email_status: "ok", email_held_until: null });

  await page.goto("/my-network");
  const card = page.getByRole("article", { name: "Dana Pryce" });
  await expect(card).toBeVisible();
  for (const word of ["Bounced", "Opted out"]) await expect(card).not.toContainText(word);
  await expect(card.getByTestId("email-held")).toHaveCount(0);

  await page.goto("/account");
  const health = page.getByRole("region", { name: "Sending health" });
  const refused = health.getByRole("region", { name: "Refused emails" });
  await expect(refused).toContainText("Mail systems refused your email");
  await expect(refused).toContainText(/Gmail rejected your email: .*DMARC/);
  await expect(refused).toContainText("5.7.26");
});

test('a full mailbox shows "held until <date>" on the contact', async ({ page, request }) => {
  test.setTimeout(120_000);
  const student = await connectedStudent(page, request, "full");
  const contactId = await sendTo(request, student, {
    full_name: "Hollis Fenn",
    email: `hollis.${student.id.slice(0, 8)}@full.example`,
  });
  await waitForReport(request, student, contactId);

  const record = (await (
    await request.get(`/api/my-network/contacts/${contactId}`, { headers: student.auth })
  ).json()) as { email_status: string; email_held_until: string };
  expect(record.email_status).toBe("held");
  const day = new Date(record.email_held_until).toLocaleDateString("en-US", {
    timeZone: "UTC",
    month: "short",
    day: "numeric",
  });
  const days = (Date.parse(record.email_held_until) - Date.now()) / (24 * 3600_000);
  expect(days).toBeGreaterThan(13.9);
  expect(days).toBeLessThanOrEqual(14);

  await page.goto("/my-network");
  const card = page.getByRole("article", { name: "Hollis Fenn" });
  await expect(card.getByTestId("email-held")).toHaveText(`held until ${day}`);
  await expect(card).not.toContainText("Bounced");

  // Nothing about the student's own sending: the Account page lists no refusal.
  await page.goto("/account");
  const health = page.getByRole("region", { name: "Sending health" });
  await expect(health.getByRole("heading", { name: "Sending health" })).toBeVisible();
  await expect(health.getByText("Loading...")).toHaveCount(0);
  await expect(health.getByRole("region", { name: "Refused emails" })).toHaveCount(0);
});
