import { fileURLToPath } from "node:url";
import { expect, type Page, test } from "@playwright/test";
import { signUpAndLogIn } from "./helpers";

// The exports of e2e/fixtures/contact-exports (written by its make-fixtures.mjs in the exact
// shapes LinkedIn, Google, Outlook and phones write), imported with no mapping touched.
const fixture = (name: string) =>
  fileURLToPath(new URL(`../fixtures/contact-exports/${name}`, import.meta.url));

async function importFile(page: Page, name: string, recognised: string) {
  await page.getByRole("button", { name: "Import CSV" }).click();
  const dialog = page.getByRole("dialog", { name: "Import Contacts" });
  await dialog.getByLabel(/Contacts file/).setInputFiles(fixture(name));
  await expect(dialog.getByRole("heading", { name: recognised })).toBeVisible();
  await expect(dialog.getByLabel("Full Name *")).toHaveCount(0);
  return dialog;
}

const card = (page: Page, name: string) => page.getByRole("article", { name, exact: true });

test.describe.configure({ mode: "serial" });

test("LinkedIn's Connections.csv as downloaded: 50 of 50, 35 with no email yet, directory matches revealed for a credit, a second import adds nothing", async ({
  page,
  request,
}) => {
  await signUpAndLogIn(page, request, "linkedin-export");
  const dialog = await importFile(page, "Connections.csv", "LinkedIn connections · 50 people");
  await expect(
    dialog.getByText(/Columns used: First Name, Last Name, URL, Email Address/),
  ).toBeVisible();
  const preview = dialog.getByRole("table", { name: "Import preview" });
  await expect(preview.getByRole("row")).toHaveCount(6);
  await expect(preview.getByRole("row").nth(1)).toContainText("Siobhán Ní Bhriain");
  await expect(preview.getByRole("row").nth(2)).toContainText("Director, Corporate Finance");
  await dialog.getByRole("button", { name: "Import Contacts" }).click();
  await expect(dialog.getByRole("status")).toContainText(
    "Imported 50 contacts. 35 with no email yet (5 found in the directory: email available). Refused 0 rows.",
  );
  await dialog.getByRole("button", { name: "Done" }).click();
  await expect(page.getByText("50 saved contacts")).toBeVisible();
  await expect(card(page, "小龍 李")).toContainText("xiaolong.li@shenzhen-tech.example");
  await expect(card(page, "José Núñez García")).toContainText(
    "Director, Corporate Finance @ Banco Andino, S.A.",
  );
  await expect(card(page, "Søren Kierkegaard Holm")).toContainText("no email yet");
  const trudie = card(page, "Trudie Hilpert");
  await expect(trudie).toContainText("email available");
  await trudie.getByRole("button", { name: "Reveal email of Trudie Hilpert (1 credit)" }).click();
  await expect(trudie).toContainText("trudie.hilpert.0@brightpath-studio.example");
  // Like a directory save: one of the 5 sign-up credits.
  await page.goto("/connect");
  await expect(page.getByTestId("credits-balance")).toHaveText("4 credits");
  await page.goto("/my-network");

  const again = await importFile(page, "Connections.csv", "LinkedIn connections · 50 people");
  await again.getByRole("button", { name: "Import Contacts" }).click();
  await expect(again.getByRole("status")).toContainText(
    "Nothing new: all 50 people in this file are already in My Network.",
  );
  await again.getByRole("button", { name: "Done" }).click();
  await expect(page.getByText("50 saved contacts")).toBeVisible();
});

test("Google (new and legacy) and Outlook exports give every person their job title and company", async ({
  page,
  request,
}) => {
  await signUpAndLogIn(page, request, "google-outlook");
  const cases: Array<[string, string, Array<[string, string]>]> = [
    [
      "google-contacts.csv",
      "Google contacts · 5 people",
      [
        ["María José Rodríguez", "Directora de Producto @ Telefónica, S.A."],
        ["Wei Zhang", "高级工程师 @ 字节跳动"],
        ["Anneliese Müller-Lüdenscheidt", 'Team Lead, "Embedded" Systems @ Bosch'],
      ],
    ],
    [
      "google-legacy.csv",
      "Google contacts (Google CSV) · 3 people",
      [
        ["Sofía Herrera", "Staff Engineer, Platform @ Globant"],
        ["Ярослав Ковальчук", "Linguist @ Grammarly"],
      ],
    ],
    [
      "outlook.csv",
      "Outlook contacts · 5 people",
      [
        ["Renée Laurent", "Chief of Staff, CEO Office @ AXA"],
        ["Günther K. Schäfer", "Head of R&D @ BASF SE"],
        ["Inés Domínguez", "Profesora Titular, Ingeniería @ Universidad Politécnica de Madrid"],
      ],
    ],
  ];
  for (const [file, recognised, people] of cases) {
    const dialog = await importFile(page, file, recognised);
    await dialog.getByRole("button", { name: "Import Contacts" }).click();
    await expect(dialog.getByRole("status")).toContainText("Refused 0 rows.");
    await dialog.getByRole("button", { name: "Done" }).click();
    for (const [name, role] of people) await expect(card(page, name)).toContainText(role);
  }
  // Outlook's "Title" is the honorific: never the job.
  await expect(card(page, "Renée Laurent")).not.toContainText("Ms.");
  await expect(card(page, "Renée Laurent")).toContainText("renee.laurent@axa.example");
});

test("an iPhone .vcf, a Windows-1252 Outlook export and Excel's UTF-16 text import with their accents", async ({
  page,
  request,
}) => {
  await signUpAndLogIn(page, request, "vcf-ansi");
  const cases: Array<[string, string, Array<[string, string]>]> = [
    [
      "iphone.vcf",
      "Phone contacts (vCard) · 3 people",
      [
        ["Siobhán Ní Bhriain", "Lead Data Scientist @ Kerry Analytics, Ltd."],
        ["王芳", "产品经理 @ 腾讯"],
      ],
    ],
    [
      "outlook-windows-1252.csv",
      "Outlook contacts · 4 people",
      [
        ["Hélène Bérubé", "Directrice, Conformité @ Crédit Agricole"],
        ["Zoë Brønsted", "Ingeniør @ Øresund Š.A."],
        ["Jürgen Großmann", "Geschäftsführer @ Müller & Söhne GmbH"],
      ],
    ],
    [
      "linkedin-unicode-text.txt",
      "LinkedIn connections · 8 people",
      [["Ελένη Παπαδοπούλου", "Software Engineer @ Aegean Labs"]],
    ],
  ];
  for (const [file, recognised, people] of cases) {
    const dialog = await importFile(page, file, recognised);
    await dialog.getByRole("button", { name: "Import Contacts" }).click();
    await expect(dialog.getByRole("status")).toContainText("Refused 0 rows.");
    await dialog.getByRole("button", { name: "Done" }).click();
    for (const [name, role] of people) await expect(card(page, name)).toContainText(role);
  }
  await expect(card(page, "Jürgen Großmann")).toContainText("no email yet");
});
