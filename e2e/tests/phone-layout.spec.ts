import { expect, test } from "@playwright/test";
import { openAs, type Session } from "./helpers";

test.use({ viewport: { width: 390, height: 844 } });

test("the landing page's rotating tagline takes one line on a phone, without an empty gap", async ({
  page,
}) => {
  await page.goto("/");
  const tagline = page.getByTestId("tagline");
  await expect(tagline).toBeVisible();
  const cell = await tagline.locator("..").boundingBox();
  const lineHeight = await tagline.evaluate((el) =>
    Number.parseFloat(getComputedStyle(el).lineHeight),
  );
  // One line (plus the gradient text's bottom padding), for every phrase.
  expect(cell?.height ?? 0).toBeLessThan(lineHeight * 1.5);
});

test("on a phone, /startups can be paged from the top, founders collapsed", async ({
  page,
  request,
}) => {
  // The demo login has early access, so the list is live (not behind the overlay).
  const login = await request.post("/api/auth/login", {
    data: { email: "demo@reachout.example", password: "reachout-demo" },
  });
  const { access_token: token, user_id: id } = await login.json();
  const session: Session = {
    email: "demo@reachout.example",
    token,
    id,
    auth: { authorization: `Bearer ${token}` },
  };
  await openAs(page, session, "/startups");
  const top = page.getByRole("navigation", { name: "Pagination (top)" });
  await expect(top).toBeVisible();
  await expect(page.getByRole("button", { name: /Show Founders/ }).first()).toBeVisible();
  await expect(page.getByRole("button", { name: /Hide Founders/ })).toHaveCount(0);
  // 20 cards a page on a phone (100 made the page ~10,000 px tall), and the whole page stays short.
  await expect(page.getByText(/^Showing 1 - 20 of \d+ startups$/)).toBeVisible();
  await expect(page.getByRole("article")).toHaveCount(20);
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  expect(height).toBeLessThan(8000);
  await top.getByRole("button", { name: "Next" }).click();
  await expect(top.getByText(/^Page 2 of/)).toBeVisible();
});
