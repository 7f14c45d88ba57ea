import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { logInDemo, openAs } from "./helpers";

/** Serious and critical axe findings of what the page shows now, as "rule: target" lines. */
async function seriousFindings(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(" ")}`));
}

const PUBLIC_PAGES = ["/", "/signup", "/login"];
const SIGNED_IN_PAGES = [
  "/pricing",
  "/agent",
  "/connect",
  "/my-network",
  "/startups",
  "/account",
  "/applications",
  "/insights",
  "/sequences",
];

// One test per page, each with its own time: axe reads every node, and on two busy cores one
// test over all twelve pages came close to any single limit.
for (const path of PUBLIC_PAGES) {
  test(`${path} has no serious or critical axe findings`, async ({ page }) => {
    await page.goto(path);
    await expect(page.locator("main, h1").first()).toBeVisible();
    expect(await seriousFindings(page)).toEqual([]);
  });
}

for (const path of SIGNED_IN_PAGES) {
  test(`${path} (signed in) has no serious or critical axe findings`, async ({ page, request }) => {
    const demo = await logInDemo(request);
    await openAs(page, demo, path);
    await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
    expect(await seriousFindings(page)).toEqual([]);
  });
}

test("the email dialog has no serious or critical axe findings", async ({ page, request }) => {
  const demo = await logInDemo(request);
  await openAs(page, demo, "/my-network");
  await page
    .getByRole("button", { name: /^Email / })
    .first()
    .click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await expect(page.getByRole("region", { name: "Conversation" })).toBeVisible();
  expect(await seriousFindings(page)).toEqual([]);
});
