import { expect, test } from "@playwright/test";
import {
  addOwnContact,
  signUp,
  startMailboxConnection,
  uniqueEmail,
  uploadResume,
} from "./helpers";

test("a bounced contact's email dialog says so first and has no send button", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const student = await signUp(request, uniqueEmail("barred"));
  await uploadResume(request, student, [
    "Casey Student",
    "Purdue University, B.S. Economics, 2027",
  ]);
  await startMailboxConnection(page, student, "google");
  await page
    .getByRole("textbox", { name: "Email" })
    .fill(`casey.${student.id.slice(0, 8)}@gmail.example`);
  await page.getByRole("button", { name: "Allow" }).click();
  await expect(page).not.toHaveURL(/__sandbox/);

  const contactId = await addOwnContact(request, student, {
    full_name: "Morgan Vale",
    email: `morgan.${student.id.slice(0, 8)}@bounce.example`,
    title: "Campus Recruiter",
    company: "Northbridge",
  });
  const sent = await request.post(`/api/emails/send/${contactId}`, {
    headers: student.auth,
    data: { subject: "Internship question", body: "Hi Morgan, may I ask about your team?" },
  });
  expect(sent.ok(), await sent.text()).toBe(true);
  // The sandbox's mailer daemon answers in seconds; reading the thread syncs it.
  await expect
    .poll(
      async () =>
        (
          (await (
            await request.get(`/api/emails/thread/${contactId}`, { headers: student.auth })
          ).json()) as { email_status: string }
        ).email_status,
      { timeout: 60_000 },
    )
    .toBe("bounced");

  await page.goto("/my-network");
  await page.getByRole("button", { name: "Email Morgan Vale", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: /^Email Morgan Vale/ });
  const notice = dialog.getByTestId("suppressed-notice");
  await expect(notice).toContainText("You can't email Morgan Vale through Reachout.");
  await expect(notice).toContainText("bounced permanently");
  await expect(notice).toBeInViewport();
  await expect(
    notice.getByRole("link", { name: "Find someone else at Northbridge" }),
  ).toBeVisible();
  for (const name of ["Send Email", "Schedule", "Send with follow-ups"]) {
    await expect(dialog.getByRole("button", { name })).toHaveCount(0);
  }
  // The conversation stays readable: the bounce is in it.
  await expect(dialog.getByRole("region", { name: "Conversation" })).toContainText("Bounced");
});
