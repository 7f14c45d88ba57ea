import { expect, test } from "@playwright/test";
import { openAs, signUp, signUpAndLogIn, uniqueEmail } from "./helpers";

test("a Free student buys Gold on the sandbox checkout page and has 5 + 225 credits", async ({
  page,
  request,
}) => {
  await signUpAndLogIn(page, request, "buyer");

  await page.goto("/pricing");
  await expect(page.getByText("Upgrades pay only the difference.")).toBeVisible();
  await expect(page.getByRole("group", { name: "Free" })).toHaveCount(0);
  const gold = page.getByRole("group", { name: "Gold" });
  await expect(gold.getByText("Most Popular")).toBeVisible();
  await gold.getByRole("button", { name: "Choose Gold" }).click();

  await expect(page).toHaveURL(/\/__sandbox\/stripe\/checkout\/cs_test_/);
  await expect(page.getByTestId("amount-due")).toHaveText("$50.00");
  await page.getByRole("button", { name: "Pay" }).click();

  await expect(page).toHaveURL(/\/account\?checkout=success$/);
  await expect(page.getByTestId("plan-name")).toHaveText("Gold");
  await expect(page.getByTestId("credits-available")).toHaveText("230");

  const token = await page.evaluate(() => localStorage.getItem("token"));
  const info = await request.get("/api/billinginfo", {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(await info.json()).toMatchObject({ plan: "gold", user_credits: 230 });

  await page.goto("/pricing");
  await expect(
    page.getByRole("group", { name: "Gold" }).getByRole("button", { name: "Your current plan" }),
  ).toBeDisabled();
  const black = page.getByRole("group", { name: "Black" });
  await expect(black.getByRole("button", { name: "Upgrade to Black" })).toBeEnabled();
  await expect(
    black.getByText("Pay only the $75 difference for this billing period."),
  ).toBeVisible();
});

test("a visitor is sent from Pricing to /login; a student sees the plans stacked on a phone", async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  // The spec: logged-out visitors are sent to /login from every sidebar link, Pricing included.
  await page.goto("/pricing");
  await expect(page).toHaveURL(/\/login$/);

  await openAs(page, await signUp(request, uniqueEmail("phone-pricing")), "/pricing");
  for (const name of ["Gold", "Black", "Enterprise"]) {
    await expect(page.getByRole("group", { name })).toBeVisible();
  }
  await expect(page.getByRole("group", { name: "Free" })).toHaveCount(0);
  await expect(
    page.getByRole("group", { name: "Enterprise" }).getByRole("link", { name: "Contact Sales" }),
  ).toHaveAttribute("href", /^mailto:sales@reachout\.example\?/);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});

test("cancelling on the checkout page returns to pricing without a charge", async ({
  page,
  request,
}) => {
  const student = await signUp(request, uniqueEmail("buyer"));
  await openAs(page, student, "/pricing");
  await page.getByRole("button", { name: "Choose Black" }).click();
  await expect(page.getByTestId("amount-due")).toHaveText("$125.00");
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(page).toHaveURL(/\/pricing\?checkout=cancelled$/);
  await expect(page.getByText("Checkout cancelled. You have not been charged.")).toBeVisible();
  const info = await request.get("/api/billinginfo", { headers: student.auth });
  expect(await info.json()).toMatchObject({ plan: "free", user_credits: 5 });
});
