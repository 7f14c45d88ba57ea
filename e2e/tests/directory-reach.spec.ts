import { expect, test } from "@playwright/test";
import { openAs, signUp, uniqueEmail, uploadResume } from "./helpers";

test("a Purdue student finds Purdue alumni with the badge; 'Denver' and the location filter find Denver contacts", async ({
  page,
  request,
}) => {
  const student = await signUp(request, uniqueEmail("purdue"));
  await uploadResume(request, student, [
    "Jordan Student",
    "EDUCATION",
    "Purdue University, B.S. in Computer Science, Expected May 2027",
    "EXPERIENCE",
    "Purdue Robotics Club, Software Lead, Aug 2024 - May 2025",
    "• Wrote the path planner of a 30 kg competition robot",
  ]);
  await openAs(page, student, "/connect");
  const people = page.getByRole("list", { name: "Contacts" }).getByRole("article");
  await expect(people.first()).toBeVisible();

  await page.getByLabel("Sort", { exact: true }).selectOption("warm");
  await expect(people.first().getByTestId("warm-signal").first()).toHaveText("Purdue alum");
  await expect(people.nth(1).getByTestId("warm-signal").first()).toHaveText("Purdue alum");

  await page.getByLabel("Sort", { exact: true }).selectOption("default");
  await page.getByPlaceholder("Search names, titles, companies or cities").fill("Denver");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(people.first()).toBeVisible();
  for (const person of (await people.all()).slice(0, 6)) {
    await expect(person).toContainText("Denver");
  }

  // The location filter: a place from the directory's own locations, then Enter.
  await page.getByPlaceholder("Search names, titles, companies or cities").fill("");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(people.filter({ hasNotText: "Denver" }).first()).toBeVisible();
  await page.getByRole("button", { name: /Advanced filters/ }).click();
  await page.getByLabel("Location").fill("Denver");
  await page.getByLabel("Location").press("Enter");
  await expect(page.getByRole("button", { name: "Advanced filters (1)" })).toBeVisible();
  await expect(people.filter({ hasNotText: "Denver" })).toHaveCount(0);
  await expect(people.first()).toContainText("Denver");
});
