import { expect, test } from "@playwright/test";
import { buildTextPdf } from "../../server/src/lib/text-pdf";
import { addOwnContact, createQuickSequence, openAs, signUp, uniqueEmail } from "./helpers";

interface OutlookSent {
  id: string;
  conversation_id: string;
  internet_message_id: string;
  to: string;
  subject: string;
  attachments: string[];
  sent_at: string;
}

test("a new student connects Outlook, sends with the resume, the follow-up stays in the conversation and a reply turns the contact Responded", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const student = await signUp(request, uniqueEmail("outlook"));
  const upload = await request.post("/api/resumes/upload", {
    headers: student.auth,
    multipart: {
      resume: {
        name: "Resume.pdf",
        mimeType: "application/pdf",
        buffer: buildTextPdf(["Sam Ortiz", "Columbia University, B.A. Economics, 2026"]),
      },
    },
  });
  expect(upload.ok()).toBe(true);

  // Connect Outlook from the Account page, through the sandbox Microsoft consent page.
  const outlook = `sam.${student.id.slice(0, 8)}@outlook.example`;
  await openAs(page, student, "/account");
  const row = page.getByTestId("setup-gmail");
  await expect(row).toContainText("Pending");
  await expect(row.getByRole("button", { name: "Connect Gmail" })).toBeVisible();
  await row.getByRole("button", { name: "Connect Outlook" }).click();
  await expect(page.getByRole("heading", { name: "Permissions requested" })).toBeVisible();
  await expect(page.getByText("Send mail as you")).toBeVisible();
  await page.getByRole("textbox", { name: "Email, phone, or Skype" }).fill(outlook);
  await page.getByRole("button", { name: "Accept" }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByText("Outlook connected.", { exact: false })).toBeVisible();
  await expect(row).toContainText("Complete");
  await expect(row).toContainText("Emails go out from your Outlook account");
  await expect(row.getByRole("button", { name: "Reconnect Outlook" })).toBeVisible();

  const status = await request.get("/api/auth/mailbox/status", { headers: student.auth });
  expect(await status.json()).toMatchObject({
    provider: "microsoft",
    connected: true,
    address: outlook,
  });

  await addOwnContact(request, student, {
    full_name: "Priya Nair",
    email: "priya.nair@lumen.example",
    title: "Recruiter",
    company: "Lumen",
  });

  // The first email with one-minute follow-ups (a sequence "minute" lasts 10 s in e2e).
  const sequenceName = `Outlook follow-ups ${Date.now()}`;
  await page.goto("/sequences");
  await createQuickSequence(page, sequenceName);
  await page.goto("/my-network");
  await page.getByRole("button", { name: "Email Priya Nair", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: /^Email Priya Nair/ });
  // The thread's suggestion fills the fields when it arrives: type after it.
  await expect(dialog.getByLabel("Subject")).not.toHaveAttribute(
    "placeholder",
    "Loading suggestion...",
  );
  await dialog.getByLabel("Subject").fill("Analyst roles at Lumen");
  await dialog.getByLabel("Body").fill("Hi Priya, may I ask how you chose Lumen?\n\nThanks,\nSam");
  await dialog.getByRole("button", { name: "Send with follow-ups" }).click();
  const followUps = page.getByRole("dialog", { name: "Send with follow-ups" });
  await followUps
    .getByLabel("Follow-ups")
    .selectOption({ label: `${sequenceName} (1 minute, then 1 minute)` });
  await followUps.getByRole("button", { name: "Start sequence" }).click();
  await expect(
    page.getByText("Sending to Priya Nair with follow-ups.", { exact: false }),
  ).toBeVisible();

  // Both went out from Outlook: the first with the resume, the follow-up in its conversation.
  let sent: OutlookSent[] = [];
  await expect
    .poll(
      async () => {
        sent = await (await request.get(`/__sandbox/microsoft/sent.json?from=${outlook}`)).json();
        return sent.length;
      },
      { timeout: 60_000 },
    )
    .toBe(2);
  const [followUp, first] = sent;
  expect(first).toMatchObject({
    to: "priya.nair@lumen.example",
    subject: "Analyst roles at Lumen",
    attachments: ["Resume.pdf"],
  });
  expect(followUp.subject).toBe("Re: Analyst roles at Lumen");
  expect(followUp.conversation_id).toBe(first.conversation_id);

  // Priya replies in Outlook; opening the conversation reads it through Graph.
  const replied = await request.post("/__sandbox/microsoft/reply", {
    data: { conversation_id: first.conversation_id, text: "Happy to chat. Thursday at 2pm?" },
  });
  expect(replied.status()).toBe(201);
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: "Email Priya Nair", exact: true }).click();
  const conversation = page
    .getByRole("dialog", { name: /^Email Priya Nair/ })
    .getByRole("region", { name: "Conversation" });
  await expect(conversation.getByText("Happy to chat. Thursday at 2pm?")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("article", { name: "Priya Nair", exact: true })).toContainText(
    "Responded",
  );
});
