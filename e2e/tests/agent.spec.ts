import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { openAs, signUp, uniqueEmail } from "./helpers";

/** A new verified student (5 sign-up credits), signed in in this page. */
async function signInStudent(page: Page, request: APIRequestContext) {
  const session = await signUp(request, uniqueEmail("agent"));
  await openAs(page, session, "/privacy");
  return session;
}

/** Buys the Gold plan on the sandbox checkout page, so automatic searches cannot run us dry. */
async function buyGold(page: Page, request: APIRequestContext, user: { id: string; auth: object }) {
  const session = await request.post("/api/create-checkout-session", {
    headers: user.auth as Record<string, string>,
    data: { user_id: user.id, plan: "gold", credits: 225, price_id: "price_gold_monthly" },
  });
  expect(session.ok()).toBe(true);
  await page.goto((await session.json()).checkout_url);
  await page.getByRole("button", { name: "Pay" }).click();
  await expect(page).toHaveURL(/\/account/);
  await expect
    .poll(async () => {
      const response = await request.get("/api/user/credits", {
        headers: user.auth as Record<string, string>,
      });
      return (await response.json()).credits;
    })
    .toBeGreaterThan(200);
}

/** The target-position form (add or edit mode), not the Discover Contacts form below it. */
const positionForm = (page: Page) => page.getByRole("form", { name: /target position/i });

async function pickRole(page: Page, name: string) {
  const filter = positionForm(page).getByLabel("Filter roles");
  await filter.fill(name);
  await positionForm(page).getByText(name, { exact: true }).click();
  await filter.fill("");
}

// Every test starts on the AI Agent page as a new Gold student.
test.beforeEach(async ({ page, request }) => {
  const user = await signInStudent(page, request);
  await buyGold(page, request, user);
  await page.goto("/agent");
});

test("add two roles as positions, search now, see the contacts, a toast, and My Network", async ({
  page,
}) => {
  await expect(page.getByRole("heading", { name: "AI Agent" })).toBeVisible();
  await expect(page.getByText("1 contact = 1 credit")).toBeVisible();
  await expect(page.getByText("You need at least 3 credits to use AI Agent.")).toHaveCount(0);

  // Two roles → two positions in one go.
  await pickRole(page, "Software Engineering Intern");
  await pickRole(page, "Data Science Intern");
  await page.getByRole("button", { name: "Add Target Position" }).click();
  await expect(page.getByText("Please enter a location")).toBeVisible();
  await positionForm(page).getByLabel("Location").fill("New York");
  await page.getByRole("button", { name: "Add Target Position" }).click();
  await expect(page.getByText("Added 2 target positions in New York")).toBeVisible();

  const positions = page.getByTestId("target-position");
  await expect(positions).toHaveCount(2);
  const swe = positions.filter({ hasText: "Software Engineering Intern" });
  await expect(swe.getByText("Active", { exact: true })).toBeVisible();
  // The form resets to its defaults after saving.
  await expect(positionForm(page).getByLabel("Location")).toHaveValue("");
  await expect(positionForm(page).getByLabel("Priority")).toHaveValue("1");
  await expect(positionForm(page).getByLabel("Search frequency")).toHaveValue("12");

  // Search now.
  await swe.getByLabel("Results").fill("3");
  await swe.getByRole("button", { name: /Search now for Software Engineering Intern/ }).click();
  await expect(page.getByText("Found and saved 3 contact(s)")).toBeVisible();
  await expect(
    page.getByText(/New contact for Software Engineering Intern: /).first(),
  ).toBeVisible();

  // The position's contacts list: a scrolling panel of the people found.
  await swe.getByRole("button", { name: /Show contacts/ }).click();
  const found = swe.getByRole("list", { name: "Contacts found" }).getByRole("listitem");
  await expect(found.first()).toBeVisible();
  const count = await found.count();
  expect(count).toBeGreaterThanOrEqual(3);
  const firstName = (await found.first().locator("p").first().textContent())?.trim() ?? "";
  expect(firstName).not.toBe("");

  // My Network has them, under the position's name.
  await page.goto("/my-network");
  const card = page.locator("article, li").filter({ hasText: firstName }).first();
  await expect(card).toBeVisible();
  await expect(card.getByText("Software Engineering Intern")).toBeVisible();
});

test("pause, resume, edit and delete a position; the notifications switch is remembered", async ({
  page,
}) => {
  // The one-off search form sits below the position manager.
  await expect(page.getByRole("form", { name: "Discover Contacts" })).toBeVisible();

  await pickRole(page, "Product Manager");
  await positionForm(page).getByLabel("Location").fill("Boston");
  await positionForm(page).getByLabel("Priority").selectOption("2");
  await positionForm(page).getByLabel("Search frequency").selectOption("24");
  await page.getByRole("button", { name: "Add Target Position" }).click();
  const position = page.getByTestId("target-position").filter({ hasText: "Product Manager" });
  await expect(position.getByText("Medium priority")).toBeVisible();
  await expect(position.getByText("Every 24 hours")).toBeVisible();

  await position.getByRole("button", { name: /^Pause Product Manager/ }).click();
  await expect(position.getByText("Paused", { exact: true })).toBeVisible();
  await position.getByRole("button", { name: /^Resume Product Manager/ }).click();
  await expect(position.getByText("Active", { exact: true })).toBeVisible();

  await position.getByRole("button", { name: /^Edit Product Manager/ }).click();
  await expect(page.getByRole("heading", { name: "Edit target position" })).toBeVisible();
  await expect(positionForm(page).getByLabel("Location")).toHaveValue("Boston");
  await positionForm(page).getByLabel("Location").fill("Chicago");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(position.getByText("Chicago")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Add target positions" })).toBeVisible();

  const notifications = page.getByRole("switch", { name: /New contact notifications/ });
  await expect(notifications).toHaveAttribute("aria-checked", "true");
  await notifications.click();
  await expect(notifications).toHaveAttribute("aria-checked", "false");
  await page.reload();
  await expect(page.getByRole("switch", { name: /New contact notifications/ })).toHaveAttribute(
    "aria-checked",
    "false",
  );

  await position.getByRole("button", { name: /^Delete Product Manager/ }).click();
  const dialog = page.getByRole("dialog");
  await expect(
    dialog.getByText("Are you sure you want to delete this target position?"),
  ).toBeVisible();
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByTestId("target-position")).toHaveCount(0);
  await expect(page.getByText("No target positions yet")).toBeVisible();
});
