import { expect, type Page, test } from "@playwright/test";
import { buildTextPdf } from "../../server/src/lib/text-pdf";
import { signUpAndLogIn } from "./helpers";

const resumeRow = (page: Page) => page.getByTestId("setup-resume");
const gmailRow = (page: Page) => page.getByTestId("setup-gmail");

test("upload a resume, edit the profile and connect Gmail from the Account page", async ({
  page,
  request,
}) => {
  const { email } = await signUpAndLogIn(page, request, "account");
  await page.getByRole("link", { name: "Account" }).first().click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole("heading", { name: "Account", level: 1 })).toBeVisible();
  await expect(page.getByTestId("account-summary")).toContainText("5 credits");
  await expect(page.getByTestId("account-summary")).toContainText("Free plan");
  await expect(resumeRow(page)).toContainText("Pending");
  await expect(gmailRow(page)).toContainText("Pending");

  // A wrong type is refused on the page, before any upload.
  await page.getByTestId("resume-input").setInputFiles({
    name: "notes.txt",
    mimeType: "text/plain",
    buffer: Buffer.from("not a resume"),
  });
  await expect(
    page.getByText("Invalid file type. Please upload a PDF, DOC, or DOCX file."),
  ).toBeVisible();
  await expect(resumeRow(page)).toContainText("Pending");

  // A real PDF uploads: the row turns Complete and offers Update Resume.
  await page.getByTestId("resume-input").setInputFiles({
    name: "Ada Resume.pdf",
    mimeType: "application/pdf",
    buffer: buildTextPdf(["Ada Student", "B.A. Economics, Cornell University, 2026"]),
  });
  await expect(page.getByText("Resume uploaded successfully!")).toBeVisible();
  await expect(resumeRow(page)).toContainText("Complete");
  await expect(resumeRow(page).getByRole("button", { name: "Update Resume" })).toBeVisible();
  await expect(resumeRow(page).getByText("Ada Resume.pdf").first()).toBeVisible();

  // The link on the row downloads the file for its owner.
  const href = await resumeRow(page)
    .getByRole("link", { name: "Ada Resume.pdf" })
    .getAttribute("href");
  const file = await request.get(href ?? "");
  expect(file.status()).toBe(200);
  expect(file.headers()["content-type"]).toBe("application/pdf");
  expect(file.headers()["content-disposition"]).toContain("attachment");

  // Edit Profile.
  await page.getByRole("button", { name: "Edit Profile" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Profile" });
  await dialog.getByLabel("University").fill("Cornell University");
  await dialog.getByLabel("Graduation Year").fill("2026");
  await dialog.getByLabel("Major").fill("Economics");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Profile updated!")).toBeVisible();
  await expect(dialog).toBeHidden();
  const settings = page.getByTestId("profile-settings");
  await expect(settings).toContainText("Cornell University");
  await expect(settings).toContainText("2026");
  await expect(settings).toContainText("Economics");
  await expect(settings).toContainText(email);

  // Connect Gmail through the sandbox consent page; back on /account the page reloads.
  await gmailRow(page).getByRole("button", { name: "Connect Gmail" }).click();
  await expect(page.getByRole("heading", { name: "Sign in with Google" })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem("gmail_connecting"))).toBeTruthy();
  await page.getByRole("button", { name: "Allow" }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(gmailRow(page)).toContainText("Complete");
  await expect(gmailRow(page).getByRole("button", { name: "Reconnect Gmail" })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem("gmail_connecting"))).toBeNull();

  // Everything persists across a reload.
  await page.reload();
  await expect(resumeRow(page)).toContainText("Complete");
  await expect(gmailRow(page)).toContainText("Complete");
  await expect(page.getByTestId("profile-settings")).toContainText("Cornell University");
});

test("the usage history lists the sign-up credits", async ({ page, request }) => {
  await signUpAndLogIn(page, request, "account");
  await page.goto("/account");
  await page.getByRole("button", { name: "View Usage History" }).click();
  const dialog = page.getByRole("dialog", { name: "Usage History" });
  await expect(dialog.getByRole("list", { name: "Credit activity" })).toContainText("+5");
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole("link", { name: "Buy More Credits" }).click();
  await expect(page).toHaveURL(/\/pricing$/);
});

test("the /profile page edits the profile and the Account page fits a 390px screen", async ({
  page,
  request,
}) => {
  await signUpAndLogIn(page, request, "account");
  await page.goto("/profile");
  await page.getByLabel("University").fill("New York University");
  await page.getByLabel("Graduation Year").fill("2027");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Profile updated!")).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/account");
  await expect(page.getByTestId("profile-settings")).toContainText("New York University");
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await expect(resumeRow(page).getByRole("button", { name: "Upload Resume" })).toBeVisible();
});
