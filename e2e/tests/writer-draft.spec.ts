import { expect, test } from "@playwright/test";
import { logInDemo, openAs } from "./helpers";

test("an edited draft survives a format change unless the student confirms the replacement", async ({
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

  const mine = "Hi there,\n\nThese are my own words, written in the dialog.\n\nDemo";
  await body.fill(mine);

  // The student says no: nothing is written, the draft stays word for word.
  const asked: string[] = [];
  page.once("dialog", (confirm) => {
    asked.push(confirm.message());
    void confirm.dismiss();
  });
  await dialog.getByLabel("More message types").selectOption("coffee_chat");
  await expect.poll(() => asked.length).toBe(1);
  expect(asked[0]).toMatch(
    /^Replace your edited draft with a new .+ email\? Your changes will be lost\.$/,
  );
  await expect(body).toHaveValue(mine);
  await expect(dialog.getByText(/Showing:\s*Coffee chat/)).toHaveCount(0);

  // The student confirms: the new format's email replaces the draft.
  page.once("dialog", (confirm) => {
    asked.push(confirm.message());
    void confirm.accept();
  });
  await dialog.getByRole("button", { name: "Personalize Email" }).click();
  await expect(dialog.getByText(/Showing:\s*Personalize/)).toBeVisible();
  expect(asked).toHaveLength(2);
  await expect(body).not.toHaveValue(mine);
  await expect(body).toHaveValue(/Demo Student/);

  // A draft the writer wrote, not edited since, is replaced without asking.
  await dialog.getByRole("button", { name: "Personalize Email" }).click();
  await expect(body).toHaveValue(/Demo Student/);
  expect(asked).toHaveLength(2);
});
