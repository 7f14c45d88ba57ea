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

test("the 12 main pages have no serious or critical axe findings", async ({ page, request }) => {
  test.setTimeout(180_000);
  const found: string[] = [];
  for (const path of PUBLIC_PAGES) {
    await page.goto(path);
    await expect(page.locator("main, h1").first()).toBeVisible();
    found.push(...(await seriousFindings(page)).map((f) => `${path} ${f}`));
  }
  const demo = await logInDemo(request);
  await openAs(page, demo, SIGNED_IN_PAGES[0]);
  for (const path of SIGNED_IN_PAGES) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
    found.push(...(await seriousFindings(page)).map((f) => `${path} ${f}`));
  }
  expect(found).toEqual([]);
});

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
