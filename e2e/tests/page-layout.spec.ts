import { expect, test } from "@playwright/test";
import { logInDemo, openAs } from "./helpers";

/** The signed-in tool pages: each opens with a title of the same size at the same height. */
const TOOL_PAGES = [
  "/dashboard",
  "/profile",
  "/account",
  "/my-network",
  "/discover",
  "/agent",
  "/connect",
  "/applications",
  "/insights",
  "/sequences",
];

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`at ${viewport.width} px, every tool page's title has the same size and sits at the same height`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize(viewport);
    const demo = await logInDemo(request);
    await openAs(page, demo, "/privacy");
    const titles: Record<string, { top: number; size: string; weight: string }> = {};
    for (const path of TOOL_PAGES) {
      await page.goto(path);
      const title = page.locator("main h1");
      await expect(title).toBeVisible();
      titles[path] = await title.evaluate((el) => ({
        top: Math.round(el.getBoundingClientRect().top + window.scrollY),
        size: getComputedStyle(el).fontSize,
        weight: getComputedStyle(el).fontWeight,
      }));
    }
    const first = titles[TOOL_PAGES[0]];
    for (const path of TOOL_PAGES) expect({ path, ...titles[path] }).toEqual({ path, ...first });
  });
}
