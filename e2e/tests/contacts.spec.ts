import { readFile } from "node:fs/promises";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { addOwnContact, openAs, signUp, uniqueEmail } from "./helpers";

/** A new verified student (5 sign-up credits), signed in in this page. */
async function signInStudent(page: Page, request: APIRequestContext) {
  const session = await signUp(request, uniqueEmail("contacts"));
  await openAs(page, session, "/privacy");
  return session;
}

test("browse, filter and save from the global database; search, filter, export and remove in My Network", async ({
  page,
  request,
}) => {
  // Eleven steps across two pages: 16 s alone, three times that beside CI's other pass.
  test.setTimeout(120_000);
  await signInStudent(page, request);
  const credits = page.getByTestId("credits-balance");

  // The global database: grid of people, filters, list view, save.
  await page.goto("/connect");
  await expect(page.getByRole("heading", { name: "Global Contacts Database" })).toBeVisible();
  await expect(credits).toHaveText("5 credits");
  const cards = page.getByRole("list", { name: "Contacts" }).getByRole("article");
  await expect(cards).toHaveCount(30);
  await expect(page.getByText(/^Showing 1–30 of/)).toBeVisible();

  await page.getByRole("button", { name: /Advanced filters/ }).click();
  await page.getByLabel("Industry").selectOption("fintech");
  await expect(cards.first()).toBeVisible();
  const fintech = await cards.count();
  expect(fintech).toBeGreaterThan(0);
  for (let i = 0; i < Math.min(fintech, 5); i++) {
    await expect(cards.nth(i).getByText("fintech", { exact: true }).first()).toBeVisible();
  }
  await page.getByLabel("Position").selectOption("Technical Recruiter");
  await expect(cards.first().getByText("Technical Recruiter")).toBeVisible();

  await page.getByRole("button", { name: "List view" }).click();
  await expect(page.getByRole("button", { name: "List view" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );

  const first = cards.first();
  const name = (await first.getAttribute("aria-label")) ?? "";
  await first.getByRole("button", { name: `Save ${name}` }).click();
  await expect(page.getByText(`Saved ${name} to My Network`)).toBeVisible();
  await expect(page.getByRole("article", { name })).toHaveCount(0);
  await expect(credits).toHaveText("4 credits");

  // The dashboard's manual search: software engineering intern in New York (the default).
  await page.goto("/dashboard");
  const form = page.getByRole("form", { name: "Discover Contacts" });
  await expect(form.getByLabel("Location")).toHaveValue("New York");
  await form.getByLabel("Job title").fill("software engineering intern");
  await form.getByLabel(/Number of results/).fill("3");
  await form.getByRole("button", { name: "Search and save" }).click();
  await expect(page.getByText("Found and saved 3 contact(s)")).toBeVisible();
  await expect(credits).toHaveText("1 credit");
  const saved = page.getByRole("list", { name: "Your saved contacts" }).getByRole("article");
  await expect(saved).toHaveCount(4);
  // The three found by the search are in New York (the directory one may be anywhere).
  const found = saved.filter({ hasNotText: name });
  await expect(found.filter({ hasText: "New York, NY" })).toHaveCount(3);
  await expect(saved.filter({ hasText: /Recruiter|Engineering|CTO/ }).first()).toBeVisible();

  // My Network: filter by status.
  await page.goto("/my-network");
  const network = page.getByRole("list", { name: "Saved contacts" }).getByRole("article");
  await expect(network).toHaveCount(4);
  await page.getByRole("button", { name: "Filters" }).click();
  await page.getByLabel("Status", { exact: true }).selectOption("Responded");
  await expect(page.getByText("No contacts match your search or filters.")).toBeVisible();
  await page.getByLabel("Status", { exact: true }).selectOption("Uncontacted");
  await expect(network).toHaveCount(4);
  await page.getByLabel("Search contacts").fill(name);
  await expect(network).toHaveCount(1);
  await page.getByLabel("Search contacts").fill("");

  // Export CSV: the spec's columns (§9), one row per contact.
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export CSV" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("contacts.csv");
  const csv = (await readFile((await download.path()) as string, "utf8")).replace(/^\uFEFF/, "");
  const lines = csv.trim().split("\r\n");
  expect(lines[0]).toBe("Full Name,Title,Company,Location,Email,LinkedIn,Status");
  expect(lines).toHaveLength(5);
  expect(csv).toContain(name);
  for (const line of lines.slice(1).filter((row) => !row.includes(name))) {
    expect(line).toMatch(
      /"New York, NY",[^,]+@[^,]+\.example,https:\/\/www\.linkedin\.com\/in\/[^,]+,Uncontacted$/,
    );
  }

  // Remove one, then the rest.
  await page.getByLabel(`Select ${name}`).check();
  await page.getByRole("button", { name: "Remove", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Remove Contacts" });
  await dialog.getByRole("button", { name: "Remove", exact: true }).click();
  await expect(page.getByText("Removed 1 contact.")).toBeVisible();
  await expect(network).toHaveCount(3);
  await expect(page.getByRole("article", { name })).toHaveCount(0);

  await page.getByLabel("Select all").check();
  await expect(page.getByText("3 selected")).toBeVisible();
  await page.getByRole("button", { name: "Remove", exact: true }).click();
  await dialog.getByRole("button", { name: "Remove", exact: true }).click();
  await expect(page.getByText("You haven't saved any contacts yet.")).toBeVisible();

  // Removed people are back in the directory.
  await page.goto("/connect");
  await page.getByLabel("Search contacts").fill(name);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  // (Generated names repeat: the one saved is the Technical Recruiter.)
  await expect(
    page.getByRole("article", { name }).filter({ hasText: "Technical Recruiter" }),
  ).toBeVisible();
});

test("a 390px screen shows the directory and My Network in one column, without sideways scrolling", async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const user = await signInStudent(page, request);
  await page.goto("/connect");
  const cards = page.getByRole("list", { name: "Contacts" }).getByRole("article");
  await expect(cards.first()).toBeVisible();
  const [a, b] = [await cards.nth(0).boundingBox(), await cards.nth(1).boundingBox()];
  expect(a && b && b.y > a.y && Math.abs(a.x - b.x) < 2).toBe(true);
  const pageWidth = () => page.evaluate(() => document.documentElement.scrollWidth);
  expect(await pageWidth()).toBeLessThanOrEqual(390);

  const search = await request.get(
    "/api/my-network/search?job_title=investment%20banking%20analyst&location=New%20York&num_results=3",
    { headers: user.auth },
  );
  expect((await search.json()).saved).toBe(3);
  await page.goto("/my-network");
  await expect(page.getByRole("list", { name: "Saved contacts" }).getByRole("article")).toHaveCount(
    3,
  );
  expect(await pageWidth()).toBeLessThanOrEqual(390);
});

test("the directory shows one honest total, a page count that does not grow, and each page from its top", async ({
  page,
  request,
}) => {
  const session = await signInStudent(page, request);
  const counted = await request.get("/api/global-contacts/count", { headers: session.auth });
  const { count, capped } = (await counted.json()) as { count: number; capped: boolean };
  expect(capped).toBe(false);
  const pages = Math.ceil(count / 30);
  expect(pages).toBeGreaterThan(34); // more than the first batch of 1,000 holds

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/connect");
  const summary = page.getByText(/^Showing 1–30 of /);
  await expect(summary).toHaveText(`Showing 1–30 of ${count.toLocaleString("en-US")} contacts`);
  const pagination = page.getByRole("navigation", { name: "Pagination" });
  await expect(pagination.getByText(`Page 1 of ${pages}`)).toBeVisible();
  // No other figure for the same list on the page.
  await expect(page.getByText(/1,000\+/)).toHaveCount(0);

  await pagination.getByRole("button", { name: "Next" }).click();
  await expect(page.getByText(/^Showing 31–60 of /)).toBeInViewport();
  // Typed and entered, as a person jumps to a page.
  await pagination.getByLabel("Go to page").fill(String(pages - 1));
  await pagination.getByLabel("Go to page").press("Enter");
  await expect(pagination.getByText(`Page ${pages - 1} of ${pages}`)).toBeVisible({
    timeout: 20_000,
  });
  await expect(
    page.getByRole("list", { name: "Contacts" }).getByRole("article").first(),
  ).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByText(/^Showing \d/)).toBeInViewport();

  // The credits chip stays on one line on a phone.
  const chip = page.getByTestId("credits-balance");
  const box = await chip.boundingBox();
  expect(box?.height ?? 0).toBeLessThan(30);
  const jump = await pagination.getByLabel("Go to page").boundingBox();
  const go = await pagination.getByRole("button", { name: "Go" }).boundingBox();
  expect(Math.round(jump?.height ?? 0)).toBe(Math.round(go?.height ?? -1));
});

test("the browser keeps My Network's list and revalidates it: a reload is answered 304 and shows the same cards, a new contact 200", async ({
  page,
  request,
}) => {
  const student = await signUp(request, uniqueEmail("revalidate"));
  const person = (name: string) => ({
    full_name: name,
    email: `${name.toLowerCase().replace(" ", ".")}@northwind.example`,
    title: "Analyst",
    company: "Northwind Capital",
  });
  await addOwnContact(request, student, person("Ines Ortega"));
  // What the server answered on the wire: Playwright shows a revalidated answer as the kept
  // 200, so the first batch's network statuses are read from the browser's own events.
  // Chrome may send a response's extra info before the request's own event (they come from
  // two processes): each status is kept by request id and matched once both have come.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  const firstBatchIds: string[] = [];
  const statusOf = new Map<string, number>();
  cdp.on("Network.requestWillBeSent", (event) => {
    if (
      event.request.url.includes("/api/my-network/mine?initial_load=true") &&
      !firstBatchIds.includes(event.requestId)
    ) {
      firstBatchIds.push(event.requestId);
    }
  });
  cdp.on("Network.responseReceivedExtraInfo", (event) => {
    statusOf.set(event.requestId, event.statusCode);
  });
  const statuses = () =>
    firstBatchIds.flatMap((id) => {
      const status = statusOf.get(id);
      return status === undefined ? [] : [status];
    });
  const cards = page.getByRole("list", { name: "Saved contacts" }).getByRole("article");

  await openAs(page, student, "/my-network");
  await expect(cards).toHaveCount(1);
  await expect.poll(statuses).toEqual([200]);

  await page.reload();
  await expect.poll(statuses).toEqual([200, 304]);
  await expect(cards).toHaveCount(1);
  await expect(page.getByRole("article", { name: "Ines Ortega", exact: true })).toBeVisible();

  await addOwnContact(request, student, person("Jun Park"));
  await page.reload();
  await expect.poll(statuses).toEqual([200, 304, 200]);
  await expect(cards).toHaveCount(2);
});
