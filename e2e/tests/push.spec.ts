import { expect, test } from "@playwright/test";
import { addOwnContact, openAs, signUp, uniqueEmail, uploadResume } from "./helpers";

test("with Gmail connected, a reply shows the contact Responded within seconds, pushed, with no conversation opened", async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const student = await signUp(request, uniqueEmail("push"));
  await uploadResume(request, student, ["Sam Ortiz", "Columbia University, B.A. Economics, 2026"]);
  const gmail = `push.${student.id.slice(0, 8)}@gmail.example`;
  await openAs(page, student, `/api/auth/google/start?t=${encodeURIComponent(student.token)}`);
  await page.getByRole("textbox", { name: "Email" }).fill(gmail);
  await page.getByRole("button", { name: "Allow" }).click();
  await expect(page).not.toHaveURL(/__sandbox/);

  const contactId = await addOwnContact(request, student, {
    full_name: "Priya Nair",
    email: "priya.nair@lumen.example",
    title: "Recruiter",
    company: "Lumen",
  });
  const sent = await request.post(`/api/emails/send/${contactId}`, {
    headers: student.auth,
    data: { subject: "Analyst roles at Lumen", body: "Hi Priya, may I ask about your team?" },
  });
  expect(sent.ok()).toBe(true);
  const [message] = await (await request.get(`/__sandbox/gmail/sent.json?from=${gmail}`)).json();

  // A new connection is watched (users.watch) by the watch sweep, a cron job each minute:
  // pg-boss may start it up to a minute late, so allow two.
  await expect
    .poll(
      async () =>
        (await (await request.get(`/__sandbox/gmail/watch.json?address=${gmail}`)).json()).watching,
      { timeout: 150_000, intervals: [1_000] },
    )
    .toBe(true);

  await page.goto("/my-network");
  const card = page.getByRole("article", { name: "Priya Nair", exact: true });
  await expect(card).toContainText("Contacted");

  const replied = await request.post("/__sandbox/gmail/reply", {
    data: { thread_id: message.thread_id, text: "Happy to chat. Does Thursday at 2pm work?" },
  });
  expect(replied.status()).toBe(201);
  const landed = Date.now();
  // Nobody opens the conversation: the push syncs the mailbox and the live event updates the card.
  await expect(card).toContainText("Responded", { timeout: 10_000 });
  expect(Date.now() - landed).toBeLessThan(10_000);
});

test("with Outlook connected, a reply shows the contact Responded within seconds, notified by Graph, with no conversation opened", async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const student = await signUp(request, uniqueEmail("mspush"));
  await uploadResume(request, student, ["Sam Ortiz", "Columbia University, B.A. Economics, 2026"]);
  const outlook = `push.${student.id.slice(0, 8)}@outlook.example`;
  await openAs(page, student, `/api/auth/microsoft/start?t=${encodeURIComponent(student.token)}`);
  await page.getByRole("textbox", { name: "Email, phone, or Skype" }).fill(outlook);
  await page.getByRole("button", { name: "Accept" }).click();
  await expect(page).not.toHaveURL(/__sandbox/);

  const contactId = await addOwnContact(request, student, {
    full_name: "Priya Nair",
    email: "priya.nair@lumen.example",
    title: "Recruiter",
    company: "Lumen",
  });
  const sent = await request.post(`/api/emails/send/${contactId}`, {
    headers: student.auth,
    data: { subject: "Analyst roles at Lumen", body: "Hi Priya, may I ask about your team?" },
  });
  expect(sent.ok()).toBe(true);
  const [message] = await (
    await request.get(`/__sandbox/microsoft/sent.json?from=${outlook}`)
  ).json();

  // A new connection gets its Graph subscription within a minute from the watch sweep.
  await expect
    .poll(
      async () =>
        (
          await (
            await request.get(`/__sandbox/microsoft/subscriptions.json?address=${outlook}`)
          ).json()
        ).length,
      { timeout: 150_000, intervals: [1_000] },
    )
    .toBe(1);

  await page.goto("/my-network");
  const card = page.getByRole("article", { name: "Priya Nair", exact: true });
  await expect(card).toContainText("Contacted");

  const replied = await request.post("/__sandbox/microsoft/reply", {
    data: { conversation_id: message.conversation_id, text: "Happy to chat. Does Thursday work?" },
  });
  expect(replied.status()).toBe(201);
  const landed = Date.now();
  // Nobody opens the conversation: Graph's notification syncs the mailbox, the live event updates the card.
  await expect(card).toContainText("Responded", { timeout: 10_000 });
  expect(Date.now() - landed).toBeLessThan(10_000);
});
