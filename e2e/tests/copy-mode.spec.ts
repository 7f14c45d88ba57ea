import { expect, test } from "@playwright/test";
import { addOwnContact, createQuickSequence, openAs, signUp, uploadResume } from "./helpers";

test("a student whose university blocks mail apps switches to copy mode, records a sent email and is reminded of each follow-up until the reply", async ({
  page,
  request,
  context,
}) => {
  test.setTimeout(180_000);
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const student = await signUp(request, `maya.${Date.now()}@blocked.example`);
  await uploadResume(request, student, [
    "Maya Chen",
    "Cornell University, B.S. Computer Science, 2026",
    "Software intern at Lattice: cut build times by 40%",
  ]);
  await addOwnContact(request, student, {
    full_name: "Jordan Rivera",
    email: "jordan.rivera@northbridge.example",
    title: "Campus Recruiter",
    company: "Northbridge",
  });

  // Connect Gmail from the Account page: Google's own page stops a blocked account, no way back.
  await openAs(page, student, "/account");
  await page.getByTestId("setup-gmail").getByRole("button", { name: "Connect Gmail" }).click();
  await expect(page.getByText("Error 400: admin_policy_enforced")).toBeVisible();
  await expect(page).toHaveURL(/__sandbox\/google/);

  // The student comes back on their own: Reachout asks what happened and explains.
  await page.goto("/account");
  const explanation = page.getByRole("region", { name: "Did connecting Gmail work?" });
  await expect(explanation).toContainText(
    "your university's administrator doesn't allow mail apps",
  );
  await explanation.getByRole("button", { name: "Use copy mode" }).click();
  await expect(explanation).toBeHidden();
  await expect(page.getByTestId("setup-gmail")).toContainText("Mailbox (copy mode)");
  await expect(
    page.getByText("Copy mode: each email you mark sent counts toward the same daily limit"),
  ).toBeVisible();
  const status = await request.get("/api/auth/mailbox/status", { headers: student.auth });
  expect(await status.json()).toMatchObject({ provider: "manual", unfinished_connection: false });

  // Follow-ups one "minute" (10 s in e2e) apart, to pick as reminders.
  const sequenceName = `Copy-mode nudges ${Date.now()}`;
  await page.goto("/sequences");
  await createQuickSequence(page, sequenceName);
  await expect(page.getByRole("region", { name: "Follow-ups to send" })).toContainText(
    "Nothing is due.",
  );

  // Write an email, copy it, mark it sent with reminders: the contact is Contacted.
  await page.goto("/my-network");
  await page.getByRole("button", { name: "Email Jordan Rivera", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: /^Email Jordan Rivera/ });
  await dialog.getByRole("button", { name: "Personalize Email" }).click();
  await expect(dialog.getByTestId("generated-info")).toContainText("Showing:");
  const body = await dialog.getByLabel("Body").inputValue();
  expect(body).toContain("Maya Chen");
  await expect(dialog.getByRole("button", { name: "Send Email" })).toBeHidden();
  await dialog.getByRole("button", { name: "Copy body" }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(body);
  await expect(dialog.getByRole("link", { name: "Open in my mail app" })).toHaveAttribute(
    "href",
    /^mailto:jordan\.rivera@northbridge\.example\?subject=/,
  );
  const picker = dialog.getByLabel("Follow-up reminders");
  const option = picker.locator("option", { hasText: sequenceName });
  await picker.selectOption((await option.getAttribute("value")) as string);
  await dialog.getByRole("button", { name: "I sent it" }).click();
  await expect(page.getByText("Reachout will remind you").first()).toBeVisible();
  await expect(dialog.getByRole("button", { name: "They replied" })).toBeVisible();
  await page.keyboard.press("Escape");
  const card = page.getByRole("article", { name: "Jordan Rivera", exact: true });
  await expect(card).toContainText("Contacted");

  // The first follow-up comes due on /sequences: copied, sent by the student, marked sent.
  await page.goto("/sequences");
  const reminders = page.getByRole("region", { name: "Follow-ups to send" });
  const first = reminders.getByRole("listitem", { name: "Follow-up 1 to Jordan Rivera" });
  await expect(first).toBeVisible({ timeout: 40_000 });
  await expect(first).toContainText(`Re: `);
  await first.getByRole("button", { name: "Copy body" }).click();
  const followUp = await page.evaluate(() => navigator.clipboard.readText());
  expect(followUp).toContain("Maya");
  expect(followUp).not.toBe(body);
  await first.getByRole("button", { name: "I sent it" }).click();
  await expect(page.getByText("Follow-up to Jordan Rivera marked as sent.")).toBeVisible();
  await expect(first).toBeHidden();

  // Jordan answers before the second one: recorded, the sequence stops and nothing more is due.
  await page.goto("/my-network");
  await card.getByRole("button", { name: "Email Jordan Rivera", exact: true }).click();
  await dialog.getByRole("button", { name: "They replied" }).click();
  await dialog.getByLabel("Paste their reply (optional)").fill("Happy to talk, Maya. Thursday?");
  await dialog.getByRole("button", { name: "Record reply" }).click();
  await expect(page.getByText("Recorded: Jordan Rivera replied.")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(card).toContainText("Responded");
  await page.goto("/sequences");
  const sequence = page.getByRole("region", { name: sequenceName, exact: true });
  await expect(sequence).toContainText("Replied", { timeout: 15_000 });
  await expect(reminders).toContainText("Nothing is due.");

  // Bulk sending needs a mailbox Reachout can send from: copy mode says so instead.
  await page.goto("/my-network");
  await card.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Bulk Email" }).click();
  const bulk = page.getByRole("dialog", { name: "Bulk Email" });
  await expect(bulk.getByTestId("bulk-copy-mode")).toContainText("You are in copy mode");
  await expect(bulk.getByRole("button", { name: "Send All" })).toHaveCount(0);
});
