import { expect, type Page, test } from "@playwright/test";
import { logInDemo, openAs, sandboxGmailSent, signUpAndLogIn } from "./helpers";

const checklist = (page: Page) => page.getByRole("region", { name: "Get started with Reachout" });

async function addByHand(page: Page, person: Record<string, string>) {
  await page.getByRole("button", { name: "Add Contact" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Contact" });
  for (const [label, value] of Object.entries(person)) {
    await dialog.getByLabel(label).fill(value);
  }
  await dialog.getByRole("button", { name: "Add Contact" }).click();
  await expect(dialog).toBeHidden();
}

test.describe.configure({ mode: "serial" });

test("a fresh sign-up sees the setup checklist, adds a contact by hand and imports a CSV", async ({
  page,
  request,
}) => {
  await signUpAndLogIn(page, request, "owncontacts");
  const steps = checklist(page);
  await expect(steps).toBeVisible();
  await expect(steps).toContainText("1 of 5 done");
  await expect(steps.getByTestId("onboarding-email_verified")).toHaveAttribute("data-done", "true");
  await expect(steps.getByRole("link", { name: "Upload your resume" })).toHaveAttribute(
    "href",
    "/account",
  );
  await expect(steps.getByRole("link", { name: "Find your first contacts" })).toBeVisible();

  await addByHand(page, {
    "Full Name *": "Marisol Vega",
    "Email *": "marisol.vega@careerfair.example",
    Title: "Campus Recruiter",
    Company: "Lumen Labs",
  });
  await expect(page.getByRole("article", { name: "Marisol Vega", exact: true })).toBeVisible();
  await expect(steps).toContainText("2 of 5 done");
  await expect(steps.getByTestId("onboarding-has_contacts")).toHaveAttribute("data-done", "true");

  await page.getByRole("button", { name: "Import CSV" }).click();
  const dialog = page.getByRole("dialog", { name: "Import Contacts" });
  const csv = [
    "Who,Work Email,Job Title,Organization,City",
    "Theo Park,theo.park@alumni.example,Analyst,Birch Capital,Chicago",
    "Ines Duarte,ines@alumni.example,Associate,Ridge Partners,Boston",
    "Marisol V,MARISOL.VEGA@careerfair.example,,,",
    "No Address,,,,",
    "Bad Address,not-an-address,,,",
  ].join("\n");
  await dialog.getByLabel(/Contacts file/).setInputFiles({
    name: "alumni.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(csv),
  });
  await expect(dialog.getByText("5 rows in alumni.csv")).toBeVisible();
  // Guessed from the headers; "Who" is not one of them, so the user picks it.
  await expect(dialog.getByLabel("Email")).toHaveValue("Work Email");
  await expect(dialog.getByLabel("Company")).toHaveValue("Organization");
  await expect(dialog.getByRole("button", { name: "Import Contacts" })).toBeDisabled();
  await dialog.getByLabel("Full Name *").selectOption("Who");
  await expect(dialog.getByText("CSV · 4 people")).toBeVisible();
  const preview = dialog.getByRole("table", { name: "Import preview" });
  await expect(preview.getByRole("row")).toHaveCount(5);
  await expect(preview.getByRole("row").nth(1)).toContainText("Theo Park");
  await expect(preview.getByRole("row").nth(4)).toContainText("no email yet");
  await dialog.getByRole("button", { name: "Import Contacts" }).click();
  await expect(dialog.getByRole("status")).toContainText(
    "Imported 3 contacts. 1 with no email yet. 1 already in My Network. Refused 1 row.",
  );
  await expect(dialog.getByText('Line 6: "not-an-address" is not an email address.')).toBeVisible();
  await dialog.getByRole("button", { name: "Done" }).click();
  await expect(page.getByRole("article", { name: "Theo Park", exact: true })).toBeVisible();
  await expect(page.getByRole("article", { name: "Ines Duarte", exact: true })).toBeVisible();
  await expect(page.getByRole("article", { name: "No Address", exact: true })).toContainText(
    "no email yet",
  );
  await expect(page.getByText("4 saved contacts")).toBeVisible();

  await page.goto("/account");
  await expect(checklist(page)).toContainText("2 of 5 done");
});

test("a contact added by hand is emailed like any other, from the user's Gmail", async ({
  page,
  request,
}) => {
  const session = await logInDemo(request);
  const address = `hand.added.${Date.now().toString(36)}@friends.example`;
  await openAs(page, session, "/my-network");
  await addByHand(page, {
    "Full Name *": "Rowan Achebe",
    "Email *": address,
    Title: "Engineering Manager",
    Company: "Quillstack",
  });
  await page.getByRole("button", { name: "Email Rowan Achebe", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: /^Email Rowan Achebe/ });
  await dialog.getByRole("button", { name: "Personalize Email" }).click();
  await expect(dialog.getByLabel("Body")).toHaveValue(/^Hi Rowan,/);
  await expect(dialog.getByLabel("Body")).toHaveValue(/Quillstack/);
  await dialog.getByRole("button", { name: "Send Email" }).click();
  await expect(page.getByText("Sent email to Rowan Achebe @ Quillstack")).toBeVisible();
  const mine = await sandboxGmailSent(request, address);
  expect(mine).toHaveLength(1);
  expect(mine[0].attachments.length).toBe(1);
});
