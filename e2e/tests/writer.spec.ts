import { expect, test } from "@playwright/test";
import { listNetwork, logInDemo, openAs } from "./helpers";

test("the writer streams: words arrive before the finished email, in the browser", async ({
  page,
  request,
}) => {
  const session = await logInDemo(request);
  const contact = (await listNetwork(request, session)).find((c) => c.email);
  expect(contact, "the demo network has an emailable contact").toBeTruthy();

  await openAs(page, session, "/my-network");
  // Read the stream as the dialog does, noting when each event arrives.
  const events = await page.evaluate(
    async ({ token, contactId }) => {
      const response = await fetch("/api/emails/generate/stream", {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify({ contact_id: contactId, email_format: "original" }),
      });
      const reader = (response.body as ReadableStream<Uint8Array>).getReader();
      const decoder = new TextDecoder();
      const seen: Array<{ event: string; at: number; data: string }> = [];
      let buffer = "";
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let end = buffer.indexOf("\n\n");
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1] ?? "message";
          const data = /^data: (.*)$/m.exec(block)?.[1] ?? "";
          seen.push({ event, at: performance.now(), data });
          end = buffer.indexOf("\n\n");
        }
      }
      return { status: response.status, type: response.headers.get("content-type"), seen };
    },
    { token: session.token, contactId: contact?.id as string },
  );

  expect(events.status).toBe(200);
  expect(events.type).toContain("text/event-stream");
  const kinds = events.seen.map((e) => e.event);
  const firstDelta = kinds.indexOf("delta");
  const done = kinds.indexOf("done");
  expect(firstDelta).toBeGreaterThanOrEqual(0);
  expect(done).toBe(kinds.length - 1);
  expect(firstDelta).toBeLessThan(done);
  expect(kinds.filter((k) => k === "delta").length).toBeGreaterThan(3);
  const finished = JSON.parse(events.seen[done].data) as {
    subject: string;
    body: string;
    writer: string;
  };
  expect(finished.writer).toBe("offline");
  expect(finished.subject.length).toBeLessThan(70);
  // Signed with the student's real name, never one guessed from the address.
  expect(finished.body).toContain("Demo Student");
});

test("the email dialog says which format it shows and gives a fresh variant on each click", async ({
  page,
  request,
}) => {
  const session = await logInDemo(request);
  await openAs(page, session, "/my-network");
  await page
    .getByRole("button", { name: /^Email [A-Z]/ })
    .first()
    .click();
  const dialog = page.getByRole("dialog");
  const body = dialog.getByLabel("Body");
  await expect(body).not.toHaveValue("");

  await dialog.getByRole("button", { name: "Personalize Email" }).click();
  await expect(dialog.getByText(/Showing:\s*Personalize/)).toBeVisible();
  await expect(body).toHaveValue(/Demo Student/);
  const first = await body.inputValue();
  await dialog.getByRole("button", { name: "Personalize Email" }).click();
  await expect(body).not.toHaveValue(first);
  await expect(body).toHaveValue(/Demo Student/);
});
