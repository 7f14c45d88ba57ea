import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import {
  type Session,
  sandboxGmailSent,
  signUp,
  startMailboxConnection,
  uniqueEmail,
  uploadResume,
} from "./helpers";

/** The e2e server's GMAIL_MIN_SPACING_SECONDS (start-server.mjs). */
const SPACING_MS = 2000;

/** A new student on the first warm-up day of a freshly connected Gmail, with a resume. */
async function newSender(page: Page, request: APIRequestContext): Promise<Session> {
  const student = await signUp(request, uniqueEmail("bulk"));
  await uploadResume(
    request,
    student,
    ["Jamie Student", "Purdue University, B.S. Computer Science, 2027"],
    "Jamie Resume.pdf",
  );
  await startMailboxConnection(page, student, "google");
  await page
    .getByRole("textbox", { name: "Email" })
    .fill(`jamie.${student.id.slice(0, 8)}@gmail.example`);
  await page.getByRole("button", { name: "Allow" }).click();
  await expect(page).not.toHaveURL(/__sandbox/);
  return student;
}

/** Saves five emailable people nobody wrote to this week into the student's network. */
async function saveFive(request: APIRequestContext, student: Session) {
  const listed = await request.get("/api/global-contacts/all?limit=200&offset=100", {
    headers: student.auth,
  });
  const { contacts } = (await listed.json()) as {
    contacts: Array<{
      id: string;
      full_name: string;
      has_email: boolean;
      email_status: string;
      recent_outreach_count: number;
    }>;
  };
  const picked = contacts
    .filter((c) => c.has_email && c.email_status === "ok" && c.recent_outreach_count === 0)
    .slice(0, 5);
  expect(picked).toHaveLength(5);
  for (const contact of picked) {
    const saved = await request.post("/api/global-contacts/save", {
      headers: student.auth,
      data: { contact_id: contact.id },
    });
    expect(saved.ok(), await saved.text()).toBe(true);
  }
  return picked;
}

test("five bulk emails leave one mailbox a spacing apart, and the dialog says when each leaves", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const student = await newSender(page, request);
  const people = await saveFive(request, student);
  const from = `jamie.${student.id.slice(0, 8)}@gmail.example`;

  await page.goto("/my-network");
  for (const person of people) {
    await page
      .getByRole("article", { name: person.full_name, exact: true })
      .getByRole("checkbox")
      .check();
  }
  await page.getByRole("button", { name: "Bulk Email" }).click();
  const dialog = page.getByRole("dialog", { name: "Bulk Email" });
  await dialog.getByLabel("Precision (short, direct)").check();
  await dialog.getByRole("button", { name: "Generate Emails" }).click();
  await expect(dialog.getByText("Ready", { exact: true })).toHaveCount(5, { timeout: 30_000 });
  await dialog.getByRole("button", { name: "Send All" }).click();
  await dialog.getByRole("button", { name: "Send 5 Emails" }).click();

  // Queued, not sent at once: each email's planned departure, a spacing apart.
  await expect(dialog.getByRole("status")).toContainText("Queued 5 emails from");
  const items = dialog.getByTestId("bulk-line-item");
  await expect(items).toHaveCount(5);
  const planned = (
    await items.evaluateAll((nodes) => nodes.map((n) => n.getAttribute("data-leaves-at") ?? ""))
  )
    .map((at) => new Date(at).getTime())
    .sort((a, b) => a - b);
  for (let i = 1; i < planned.length; i++) {
    expect(planned[i] - planned[i - 1]).toBeGreaterThanOrEqual(SPACING_MS);
  }
  await expect(items.filter({ hasText: "Leaves at" }).first()).toBeVisible();

  // The dialog watches them leave, then gives the spec's result.
  await expect(dialog.getByRole("status")).toHaveText("Sent 5 emails, 0 failed", {
    timeout: 60_000,
  });
  await expect(items.filter({ hasText: "Sent at" })).toHaveCount(5);

  // What the mailbox sent: five emails, each at least GMAIL_MIN_SPACING_SECONDS after the last.
  const sent = (await sandboxGmailSent(request))
    .filter((m) => m.from === from)
    .map((m) => new Date(m.sent_at).getTime())
    .sort((a, b) => a - b);
  expect(sent).toHaveLength(5);
  for (let i = 1; i < sent.length; i++) {
    expect(sent[i] - sent[i - 1]).toBeGreaterThanOrEqual(SPACING_MS);
  }

  // Insights count them under the format they were written in.
  await page.goto("/insights");
  await expect(page.getByRole("figure", { name: "Reply rate by format" })).toContainText(
    // The sandbox's demo cohort may add "all students N%" after the student's own rate.
    "Reply rate by format: Precision 0 of 5 replied (0%",
  );
});
