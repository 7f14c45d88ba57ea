import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import {
  openAs,
  pickUpWithKeyboard,
  type Session,
  signUp,
  startMailboxConnection,
  uniqueEmail,
  uploadResume,
} from "./helpers";

interface NetworkContact {
  id: string;
  full_name: string;
  company: string | null;
  industry: string | null;
  email: string | null;
}

/** A student with a resume and Gmail connected on the sandbox consent page. */
async function readySender(page: Page, request: APIRequestContext): Promise<Session> {
  const student = await signUp(request, uniqueEmail("apps"));
  await uploadResume(
    request,
    student,
    [
      "Riley Student",
      "Cornell University, B.A. Economics, 2026",
      "Summer analyst at Harborview: built a DCF for a $40M acquisition",
    ],
    "Riley Resume.pdf",
  );
  await startMailboxConnection(page, student, "google");
  await page
    .getByRole("textbox", { name: "Email" })
    .fill(`riley.${student.id.slice(0, 8)}@gmail.example`);
  await page.getByRole("button", { name: "Allow" }).click();
  await expect(page).not.toHaveURL(/__sandbox/);
  return student;
}

/** Saves one emailable directory person with a company into the student's network. */
async function saveContact(request: APIRequestContext, student: Session): Promise<NetworkContact> {
  const listed = await request.get("/api/global-contacts/all?limit=50&offset=0", {
    headers: student.auth,
  });
  const { contacts } = (await listed.json()) as {
    contacts: Array<{ id: string; has_email: boolean; company: string | null }>;
  };
  const pick = contacts.find((c) => c.has_email && c.company);
  expect(pick).toBeDefined();
  const saved = await request.post("/api/global-contacts/save", {
    headers: student.auth,
    data: { contact_id: pick!.id },
  });
  expect(saved.ok()).toBe(true);
  // The whole record (the list's records carry only what its cards show, not the industry).
  const mine = await request.get(`/api/my-network/contacts/${pick!.id}`, { headers: student.auth });
  expect(mine.ok()).toBe(true);
  return (await mine.json()) as NetworkContact;
}

const column = (page: Page, stage: string) => page.locator(`section[data-stage="${stage}"]`);

test("an application for a contact who replied: link, see the outreach, move it, read the insights", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const student = await readySender(page, request);
  const contact = await saveContact(request, student);

  // One Precision email, answered in Gmail; opening the thread syncs the reply.
  const sent = await request.post(`/api/emails/send/${contact.id}`, {
    headers: student.auth,
    data: { subject: "Analyst roles", body: "Hello, a short note.", email_format: "precision" },
  });
  expect(sent.status()).toBe(200);
  const outbox = (await (
    await request.get(
      `/__sandbox/gmail/sent.json?from=riley.${student.id.slice(0, 8)}@gmail.example`,
    )
  ).json()) as Array<{ thread_id: string }>;
  const reply = await request.post("/__sandbox/gmail/reply", {
    data: { thread_id: outbox[0].thread_id, text: "Happy to talk on Friday." },
  });
  expect(reply.status()).toBe(201);
  await expect
    .poll(async () => {
      const thread = await request.get(`/api/emails/thread/${contact.id}`, {
        headers: student.auth,
      });
      return (await thread.json()).replied;
    })
    .toBe(true);

  // Create the application for the contact's company from the board.
  await page.goto("/applications");
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Applications" })
    .waitFor();
  await page.getByRole("button", { name: "New application" }).click();
  const form = page.getByRole("dialog", { name: "New application" });
  await form.getByLabel("Company").fill(contact.company!);
  await form.getByLabel("Role").fill("Summer Analyst");
  await form.getByRole("button", { name: "Add application" }).click();
  const card = page.getByRole("article", { name: `Summer Analyst at ${contact.company}` });
  await expect(column(page, "saved").getByRole("article")).toHaveCount(1);
  await expect(card.getByTestId("application-outreach")).toHaveText("0 sent · 0 replied");

  // The contact at the same company is suggested; link them.
  await card.getByRole("button", { name: "Contacts" }).click();
  const linker = page.getByRole("dialog", { name: /^Contacts for Summer Analyst/ });
  const person = linker.getByRole("listitem").filter({ hasText: contact.full_name });
  await expect(person.getByText("Suggested")).toBeVisible();
  await person.getByRole("checkbox").check();
  await linker.getByRole("button", { name: "Save contacts" }).click();
  await expect(linker).toBeHidden();
  await expect(card.getByTestId("application-outreach")).toHaveText("1 sent · 1 replied");
  await expect(card.getByText(contact.full_name)).toBeVisible();
  await expect(card.getByText("Responded", { exact: true })).toBeVisible();
  await expect(card.getByText(/^Replied .*: Re: Analyst roles/)).toBeVisible();

  // "Find people here" opens the directory filtered to the company and role.
  await expect(card.getByRole("link", { name: "Find people here" })).toHaveAttribute(
    "href",
    `/connect?${new URLSearchParams({ organization: contact.company!, role: "Summer Analyst" })}`,
  );

  // Drag it to Interviewing with the mouse. Once the drag has started the card is over its own
  // column; the pointer then moves over Interviewing until that column says the card is over it.
  const handle = card.getByRole("button", { name: `Move Summer Analyst at ${contact.company}` });
  const from = (await handle.boundingBox())!;
  const to = (await column(page, "interviewing").boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + 20, from.y + 10, { steps: 5 });
  await expect(column(page, "saved")).toHaveAttribute("data-over", "true");
  let nudge = 0;
  await expect
    .poll(async () => {
      nudge = (nudge + 7) % 40;
      await page.mouse.move(to.x + to.width / 2 + nudge, to.y + 80, { steps: 5 });
      return column(page, "interviewing").getAttribute("data-over");
    })
    .toBe("true");
  await page.mouse.up();
  await expect(column(page, "interviewing").getByRole("article")).toHaveCount(1);
  await expect(page.getByText("Moved to Interviewing", { exact: true })).toBeVisible();

  // And one column on with the keyboard: space picks it up, the right arrow, space drops it.
  await handle.focus();
  await pickUpWithKeyboard(page);
  await expect(column(page, "interviewing")).toHaveAttribute("data-over", "true");
  await page.keyboard.press("ArrowRight");
  await expect(column(page, "offer")).toHaveAttribute("data-over", "true");
  await page.keyboard.press("Space");
  await expect(column(page, "offer").getByRole("article")).toHaveCount(1);
  // Focus stays on the moved card's handle, in its new column, not on <body>.
  await expect(column(page, "offer").getByRole("button", { name: /^Move / })).toBeFocused();
  // The card moves at once; the save follows: wait for it rather than read too early.
  const stageNow = async () =>
    (
      (await (await request.get("/api/applications", { headers: student.auth })).json()) as Array<{
        stage: string;
        history: Array<{ stage: string }>;
      }>
    )[0];
  await expect.poll(async () => (await stageNow()).stage).toBe("offer");
  const saved = await stageNow();
  expect(saved.history.map((h) => h.stage)).toEqual(["saved", "interviewing", "offer"]);

  // The insights equal what the student sent and received.
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Insights" })
    .click();
  await expect(page.getByRole("heading", { name: "Insights", level: 1 })).toBeVisible();
  await expect(page.getByTestId("insights-overall")).toHaveText(
    "1 of your 1 emails got a reply (100%).",
  );
  await expect(page.getByTestId("funnel-summary")).toHaveText(
    "Your funnel: 1 contacted, 1 replied, 1 interviewing, 1 offer.",
  );
  const format = page.getByRole("figure", { name: "Reply rate by format" });
  await expect(format.getByTestId("chart-summary")).toHaveText(
    /^Reply rate by format: Precision 1 of 1 replied \(100%(, all students \d+%)?\)\.$/,
  );
  await expect(format.locator(".recharts-wrapper")).toBeVisible();
  const industry = page.getByRole("figure", { name: "Reply rate by industry" });
  await expect(industry.getByTestId("chart-summary")).toContainText(
    `${(contact.industry ?? "unknown").toLowerCase()} 1 of 1 replied (100%`,
  );
  await expect(
    page.getByRole("figure", { name: "Reply rate by sequence step" }).getByTestId("chart-summary"),
  ).toContainText("First email 1 of 1 replied (100%");
  await expect(page.locator(".recharts-wrapper")).toHaveCount(7);
  await page.screenshot({ path: test.info().outputPath("insights.png"), fullPage: true });
});

test("Find people here opens the directory and the agent filtered to the company and role", async ({
  page,
  request,
}) => {
  const student = await signUp(request, uniqueEmail("findpeople"));
  // A bank's summer analyst: its people who hire are in banking, the team is its analysts.
  const company = "Northbridge Capital";
  const role = "Summer Analyst";
  const created = await request.post("/api/applications", {
    headers: student.auth,
    data: { company, role, stage: "saved" },
  });
  expect(created.status()).toBe(201);

  await openAs(page, student, "/applications");
  const card = page.getByRole("article", { name: `${role} at ${company}` });
  await card.getByRole("link", { name: "Find people here" }).click();
  await expect(page).toHaveURL(`/connect?${new URLSearchParams({ organization: company, role })}`);
  const notice = page.getByRole("region", { name: "Role filter" });
  await expect(notice).toHaveText(new RegExp(`${role} at ${company}`));

  // Everyone listed is an analyst at the company, and the role narrows the company's list.
  const people = page.getByRole("list", { name: "Contacts" }).getByRole("article");
  await expect(people.first()).toBeVisible();
  for (const person of await people.all()) {
    await expect(person).toContainText(company);
    await expect(person).toContainText("Analyst");
  }
  const countOf = async (query: Record<string, string>) =>
    (
      await (
        await request.get(`/api/global-contacts/count?${new URLSearchParams(query)}`, {
          headers: student.auth,
        })
      ).json()
    ).count as number;
  const withRole = await countOf({ organization: company, role });
  expect(withRole).toBeGreaterThan(0);
  expect(withRole).toBeLessThan(await countOf({ organization: company }));
  await expect(page.getByText(new RegExp(`of ${withRole} contacts`))).toBeVisible();

  // The agent opens with the same company and role.
  await notice.getByRole("link", { name: "Ask the agent" }).click();
  await expect(page).toHaveURL(/\/agent\?/);
  const discover = page.getByRole("form", { name: "Discover Contacts" });
  await expect(discover.getByLabel("Job title")).toHaveValue(role);
  await expect(discover.getByRole("textbox", { name: "Company", exact: true })).toHaveValue(
    company,
  );
});

test("on a wide screen a card shows its whole company and role, wrapped rather than cut", async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const student = await signUp(request, uniqueEmail("apps-wide"));
  const created = await request.post("/api/applications", {
    headers: student.auth,
    data: { company: "Summit Ridge Advisors", role: "Investment Banking Summer Analyst" },
  });
  expect(created.status()).toBe(201);
  await openAs(page, student, "/applications");
  const card = page.getByRole("article", {
    name: "Investment Banking Summer Analyst at Summit Ridge Advisors",
  });
  for (const text of [
    card.getByRole("heading", { name: "Summit Ridge Advisors" }),
    card.getByText("Investment Banking Summer Analyst", { exact: true }),
  ]) {
    await expect(text).toBeVisible();
    expect(await text.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  }
});
