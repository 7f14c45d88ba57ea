import { expect, test } from "@playwright/test";
import {
  ADMIN,
  openAs,
  signUp,
  startMailboxConnection,
  uniqueEmail,
  uploadResume,
} from "./helpers";

type Directory = Array<{
  org_name: string;
  founders: Array<{ id: string; person_name: string | null; person_linkedin: string | null }>;
}>;

test("without early access the list is blurred and blocked behind the waitlist overlay", async ({
  page,
  request,
}) => {
  const student = await signUp(request, uniqueEmail("nofounders"));
  await openAs(page, student, "/startups");

  await expect(page.getByRole("heading", { name: "Speak With Startup Founders" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Early Access Required" })).toBeVisible();
  await expect(
    page.getByRole("link", { name: "Already have access? Go to My Network" }),
  ).toHaveAttribute("href", "/my-network");

  // The cards are there, blurred, but out of reach: not in the accessibility tree, not clickable.
  const locked = page.getByTestId("startup-list-locked");
  await expect(locked).toHaveAttribute("inert", "");
  await expect(locked.getByText("Show Founders").first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Show Founders" })).toHaveCount(0);
  const clicked = await locked
    .getByText("Show Founders")
    .first()
    .click({ timeout: 1500 })
    .then(
      () => true,
      () => false,
    );
  expect(clicked).toBe(false);
  await expect(page.getByRole("button", { name: "Hide Founders" })).toHaveCount(0);

  // Copy, cut, paste, selection and the context menu are refused on the list.
  const refused = await locked.evaluate((list) =>
    ["copy", "cut", "paste", "selectstart", "contextmenu"].map((type) => {
      const event = new Event(type, { bubbles: true, cancelable: true });
      list.dispatchEvent(event);
      return event.defaultPrevented;
    }),
  );
  expect(refused).toEqual([true, true, true, true, true]);
  await page.keyboard.press("Control+A");
  expect(await page.evaluate(() => document.getSelection()?.toString() ?? "")).not.toContain(
    "Show Founders",
  );

  // The server agrees: no founder addresses without access.
  const lookup = await request.post("/api/startups/lookup_email", {
    headers: student.auth,
    data: { linkedin_url: "https://www.linkedin.example/in/anyone", user_id: student.id },
  });
  expect(lookup.status()).toBe(403);

  // The overlay's waitlist form.
  const form = page.getByRole("form", { name: "Join the waitlist" });
  await form.getByLabel("Full name").fill("Casey Student");
  await expect(form.getByLabel("Email")).toHaveValue(student.email);
  await form.getByRole("button", { name: "Join the Waitlist" }).click();
  await expect(
    page.getByText("Success! Check your email for signup confirmation.").first(),
  ).toBeVisible();
});

test("with access: search, open founders, write a precision email with a custom intro and send it", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const student = await signUp(request, uniqueEmail("founders"));
  const admin = await signUp(request, ADMIN.email, ADMIN.password);
  const approve = await request.post("/api/admin/startups/access", {
    headers: admin.auth,
    data: { email: student.email, has_access: true },
  });
  expect(approve.ok()).toBe(true);
  await uploadResume(
    request,
    student,
    [
      "Casey Student",
      "Cornell University, B.S. Computer Science, 2026",
      "Software intern at Acme: shipped a TypeScript data pipeline",
    ],
    "Casey Resume.pdf",
  );

  // Connect Gmail on the sandbox consent page.
  const gmail = `casey.${student.id.slice(0, 8)}@gmail.example`;
  await startMailboxConnection(page, student, "google");
  await page.getByRole("textbox", { name: "Email" }).fill(gmail);
  await page.getByRole("button", { name: "Allow" }).click();
  await expect(page).not.toHaveURL(/__sandbox/);

  // A founder the directory has an address for (about 85% do).
  const directory = (await (await request.get("/api/startups")).json()) as Directory;
  let pick: { org: string; founder: string } | undefined;
  for (const startup of directory.slice(0, 40)) {
    const founder = startup.founders[0];
    if (!founder?.person_name || !founder.person_linkedin || founder.person_linkedin === "N/A") {
      continue;
    }
    const found = await request.post("/api/startups/lookup_email", {
      headers: student.auth,
      data: { linkedin_url: founder.person_linkedin, user_id: student.id },
    });
    if (found.ok()) {
      pick = { org: startup.org_name, founder: founder.person_name };
      break;
    }
  }
  expect(pick).toBeDefined();
  const { org, founder } = pick!;

  await page.goto("/startups");
  await expect(page.getByRole("heading", { name: "Early Access Required" })).toHaveCount(0);
  await expect(page.getByText(/^Showing 1 - 100 of [\d,]+ startups$/)).toBeVisible();
  await expect(page.getByText(/^Page 1 of \d+$/).first()).toBeVisible();

  // Search by a founder's name, then by the startup's name.
  const search = page.getByPlaceholder("Search startups, founders, or locations...");
  await search.fill(founder.toUpperCase());
  await expect(page.getByRole("heading", { name: org, exact: true })).toBeVisible();
  await search.fill(org);
  const card = page.getByRole("article", { name: org, exact: true });
  await expect(card).toBeVisible();
  const total = Number(
    (await page.getByTestId("stat-startups").textContent())?.replace(/,/g, "") ?? "0",
  );
  await expect(
    page.getByText(
      `Showing 1 - ${total.toLocaleString("en-US")} of ${total.toLocaleString("en-US")} startups`,
    ),
  ).toBeVisible();

  await card.getByRole("button", { name: "Show Founders" }).click();
  await expect(card.getByRole("button", { name: "Hide Founders" })).toBeVisible();
  const row = card.getByRole("listitem").filter({ hasText: founder });
  await expect(row.getByText("Uncontacted")).toBeVisible();
  await row.getByRole("button", { name: `Email ${founder}` }).click();

  const composer = page.getByRole("dialog", { name: new RegExp(founder) });
  await expect(composer).toContainText(`at ${org}`);
  await expect(composer.getByLabel("Subject")).not.toHaveValue("", { timeout: 15_000 });

  const intro = `I ship TypeScript pipelines and would love to help ${org} after your round.`;
  await composer.getByLabel("Custom Intro (optional)").fill(intro);
  await composer.getByRole("button", { name: "Precision Email" }).click();
  await expect(page.getByText("Generated short ...-style email!")).toBeVisible();
  await expect(composer.getByLabel("Email Body")).toHaveValue(new RegExp(escapeRegExp(intro)));
  const subject = await composer.getByLabel("Subject").inputValue();

  await composer.getByRole("button", { name: "Send Email" }).click();
  await expect(page.getByText("Email sent successfully!")).toBeVisible();
  await expect(composer).toBeHidden();
  await expect(row.getByText("Contacted")).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem("startup_custom_intro"))).toBe(intro);

  const sent = await request.get(`/__sandbox/gmail/sent.json?from=${encodeURIComponent(gmail)}`);
  const messages = (await sent.json()) as Array<{
    to: string;
    subject: string;
    text: string;
    attachments: string[];
  }>;
  expect(messages).toHaveLength(1);
  expect(messages[0].subject).toBe(subject);
  expect(messages[0].text).toContain(intro);
  expect(messages[0].attachments).toEqual(["Casey Resume.pdf"]);

  // A follow-up, scheduled: the dialog proposes tomorrow 07:30 and previews the email.
  const linkedin = await row
    .getByRole("link", { name: `${founder} on LinkedIn` })
    .getAttribute("href");
  const lookup = await request.post("/api/startups/lookup_email", {
    headers: student.auth,
    data: { linkedin_url: linkedin, user_id: student.id },
  });
  const to = ((await lookup.json()) as { email: string }).email;
  await row.getByRole("button", { name: `Email ${founder}` }).click();
  await expect(composer.getByLabel("Subject")).not.toHaveValue("", { timeout: 15_000 });
  await composer.getByRole("button", { name: "Schedule" }).click();
  const schedule = page.getByRole("dialog", { name: "Schedule Email" });
  const when = schedule.getByLabel("Scheduled Time");
  const tomorrow = await page.evaluate(() => {
    const at = new Date();
    at.setDate(at.getDate() + 1);
    const pad = (n: number) => String(n).padStart(2, "0");
    return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T07:30`;
  });
  await expect(when).toHaveValue(tomorrow);
  await expect(when).toHaveAttribute("min", tomorrow);
  await expect(schedule.getByRole("region", { name: "Preview" })).toContainText(`To: ${to}`);
  await schedule.getByRole("button", { name: "Schedule Email" }).click();
  await expect(page.getByText("Email scheduled successfully!")).toBeVisible();
  await expect(composer).toBeHidden();
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
