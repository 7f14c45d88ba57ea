import { expect, test } from "@playwright/test";

test("a logged-out visit to /my-network lands on /login", async ({ page }) => {
  await page.goto("/my-network");
  await expect(page).toHaveURL(/\/login$/);
});

test("the footer is absent on /login and present on /privacy", async ({ page }) => {
  await page.goto("/login");
  await expect(page.getByRole("contentinfo")).toHaveCount(0);
  await page.goto("/privacy");
  await expect(page.getByRole("contentinfo")).toBeVisible();
});

test("the mobile drawer opens, and closes on an outside click and on a route change", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/privacy");
  const drawer = page.getByTestId("sidebar-drawer");
  await expect(drawer).toHaveAttribute("inert");

  await page.getByRole("button", { name: "Open menu" }).click();
  await expect(drawer).not.toHaveAttribute("inert");
  await page.mouse.click(370, 400); // the overlay, outside the 256px drawer
  await expect(drawer).toHaveAttribute("inert");

  await page.getByRole("button", { name: "Open menu" }).click();
  await expect(drawer).not.toHaveAttribute("inert");
  await drawer.getByRole("link", { name: "Sign Up" }).click();
  await expect(page).toHaveURL(/\/signup$/);
  await expect(drawer).toHaveAttribute("inert");
});

test("each page has its own tab title, and the redirect to /login shows the login page's", async ({
  page,
}) => {
  await page.goto("/privacy");
  await expect(page).toHaveTitle("Privacy Policy · Reachout");
  await page.goto("/my-network");
  await expect(page).toHaveURL(/\/login$/);
  await expect(page).toHaveTitle("Log In · Reachout");
  await expect(page.getByRole("contentinfo")).toHaveCount(0);
});

test("the collapsed sidebar opens with its labels while a link has keyboard focus", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/privacy");
  const rail = page.getByTestId("sidebar-rail");
  const label = rail.getByText("Pricing", { exact: true });
  await expect(label).toHaveCSS("opacity", "0");
  await rail.getByRole("link", { name: "Pricing" }).focus();
  await expect.poll(async () => (await rail.boundingBox())?.width).toBeGreaterThan(200);
  await expect(label).toHaveCSS("opacity", "1");
});
