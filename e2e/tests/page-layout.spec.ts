import { expect, test } from "@playwright/test";
import { logInDemo, openAs, placeholderRoom } from "./helpers";

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

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`at ${viewport.width} px, a directory card lists company, location and school one under the other`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize(viewport);
    const demo = await logInDemo(request);
    await openAs(page, demo, "/connect");
    const cards = page.getByRole("article");
    await expect(cards).toHaveCount(30);
    const facts =
      "span:has(> svg.lucide-building-2), span:has(> svg.lucide-map-pin), span:has(> svg.lucide-graduation-cap)";
    for (const card of await cards.all()) {
      const boxes = await card
        .locator(facts)
        .evaluateAll((all) => all.map((el) => el.getBoundingClientRect().toJSON() as DOMRect));
      expect(boxes.length).toBeGreaterThan(0);
      for (const [index, box] of boxes.entries()) {
        if (index === 0) continue;
        const above = boxes[index - 1];
        // Same left edge, each on a line of its own (short ones sat side by side).
        expect(Math.round(box.left)).toBe(Math.round(above.left));
        expect(box.top).toBeGreaterThanOrEqual(above.bottom - 1);
      }
    }
  });
}

test("on a phone, My Network's search box shows its whole placeholder", async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const demo = await logInDemo(request);
  await openAs(page, demo, "/my-network");
  const search = page.getByRole("searchbox", { name: "Search contacts" });
  await expect(search).toBeVisible();
  // It was cut off after "location e".
  expect(await placeholderRoom(search)).toBeGreaterThanOrEqual(0);
  await expect(search).toHaveAttribute("placeholder", /name.*title.*company.*location.*email/i);
});
