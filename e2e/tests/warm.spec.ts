import { expect, test } from "@playwright/test";
import { openAs, signUp, uniqueEmail, uploadResume } from "./helpers";

test("the directory's Warm first puts the student's alumni on top, and warm-only keeps only them", async ({
  page,
  request,
}) => {
  const student = await signUp(request, uniqueEmail("warm"));
  await uploadResume(request, student, [
    "Riley Student",
    "EDUCATION",
    "Cornell University, B.A. in History, Expected May 2026",
    "EXPERIENCE",
    "Cornell History Lab, Research Assistant, Jun 2025 - Aug 2025",
    "• Catalogued 1,200 letters for a digital archive",
  ]);
  const facts = await (await request.get("/api/resumes/facts", { headers: student.auth })).json();
  expect(JSON.stringify(facts)).toContain("Cornell University");
  await openAs(page, student, "/connect");
  const people = page.getByRole("list", { name: "Contacts" }).getByRole("article");
  await expect(people.first()).toBeVisible();

  await page.getByLabel("Sort", { exact: true }).selectOption("warm");
  await expect(people.first().getByTestId("warm-signal").first()).toHaveText("Cornell alum");
  // The server ranks the whole directory (not the loaded batch): the next card is an alum too.
  await expect(people.nth(1).getByTestId("warm-signal").first()).toHaveText("Cornell alum");

  await page.getByLabel("Warm contacts only").check();
  await expect(page).toHaveURL(/\/connect/);
  await expect(people.first()).toBeVisible();
  for (const person of (await people.all()).slice(0, 6)) {
    await expect(person.getByTestId("warm-signal").first()).toBeVisible();
  }
});
