import { expect, type Page, test } from "@playwright/test";
import PDFDocument from "pdfkit";
import { monthDay } from "../../server/src/lib/month-day";
import { latestMail, PASSWORD, uniqueEmail } from "./helpers";

/**
 * Issue 18's "Done when", as a student does it in the browser: a new account, a resume no
 * other test uses (written here with pdfkit), an alum at a company the sandbox has news for,
 * Personalize and then a referral request from the email dialog.
 */
const STUDENT = {
  name: "Jonah Whitaker",
  school: "Northwestern University",
  short: "Northwestern",
};

/** The achievements of the resume: what an email may cite, each by a phrase of its own. */
const ACHIEVEMENTS = [
  {
    bullet:
      "Built a readmission-risk model in Python that flagged 18% more high-risk patients than the rules it replaced",
    cited: "flagged 18% more high-risk patients",
  },
  {
    bullet: "Automated a weekly claims report in SQL, saving the care team 6 hours a week",
    cited: "saving the care team 6 hours a week",
  },
  {
    bullet: "Modeled 3 seasons of shot data to rank 240 players by expected points added",
    cited: "rank 240 players by expected points added",
  },
  {
    bullet:
      "Forecast CTA ridership within 7% error using gradient boosting on 2 years of open data",
    cited: "ridership within 7% error",
  },
];

/** A one-column resume as pdfkit writes it: bold name, headings and entries, bulleted lines. */
function resumePdf(): Promise<Buffer> {
  const doc = new PDFDocument({
    size: "LETTER",
    margin: 48,
    info: { Title: `${STUDENT.name} Resume`, Creator: "pdfkit" },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) =>
    doc.on("end", () => resolve(Buffer.concat(chunks))),
  );
  const line = (text: string, kind: "name" | "heading" | "entry" | "plain" | "bullet") => {
    const bold = kind === "name" || kind === "heading" || kind === "entry";
    doc.font(bold ? "Helvetica-Bold" : "Helvetica");
    doc.fontSize(kind === "name" ? 20 : kind === "heading" ? 11.5 : 10);
    if (kind === "heading") doc.moveDown(0.4);
    doc.text(kind === "bullet" ? `• ${text}` : text, {
      align: kind === "name" ? "center" : "left",
    });
  };
  line(STUDENT.name, "name");
  line(
    "jonah.whitaker@u.northwestern.example | (312) 555-0187 | linkedin.com/in/jonahwhitaker | Evanston, IL",
    "plain",
  );
  line("EDUCATION", "heading");
  line(`${STUDENT.school} | Evanston, IL`, "entry");
  line("B.S. in Statistics, Minor in Computer Science | Expected June 2027", "plain");
  line("GPA: 3.81", "plain");
  line("EXPERIENCE", "heading");
  line("Lakeshore Health Analytics | Chicago, IL", "entry");
  line("Data Science Intern | Jun 2025 - Aug 2025", "entry");
  line(ACHIEVEMENTS[0].bullet, "bullet");
  line(ACHIEVEMENTS[1].bullet, "bullet");
  line("Northwestern Sports Analytics Group | Evanston, IL", "entry");
  line("Research Assistant | Sep 2024 - May 2025", "entry");
  line(ACHIEVEMENTS[2].bullet, "bullet");
  line("PROJECTS", "heading");
  line("TransitPulse", "entry");
  line(ACHIEVEMENTS[3].bullet, "bullet");
  line("SKILLS", "heading");
  line("Python, SQL, pandas, scikit-learn, Tableau, A/B testing", "plain");
  doc.end();
  return done;
}

async function signUpInTheBrowser(page: Page, email: string) {
  await page.goto("/signup");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page).toHaveURL(`/verify?email=${encodeURIComponent(email)}`);
}

test("a new student's Personalize email to an alum cites their resume and the company's dated news; referral asks for a referral", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail("writer");

  // Sign up, verify with the mailed code and log in, on the pages.
  await signUpInTheBrowser(page, email);
  const code = (await latestMail(request, email)).text.match(/\b(\d{6})\b/)?.[1] ?? "";
  await page.getByLabel("Verification code").fill(code);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/my-network$/);

  // The resume, on the Account page; Reachout shows what it read.
  await page.getByRole("link", { name: "Account" }).first().click();
  await page.getByTestId("resume-input").setInputFiles({
    name: "Jonah Whitaker Resume.pdf",
    mimeType: "application/pdf",
    buffer: await resumePdf(),
  });
  await expect(page.getByText("Resume uploaded successfully!")).toBeVisible();
  const read = page.getByTestId("resume-facts");
  await expect(read).toContainText(STUDENT.name);
  await expect(read).toContainText(STUDENT.school);
  await expect(read).toContainText("Lakeshore Health Analytics");

  // Gmail, through the sandbox consent page.
  await page.getByTestId("setup-gmail").getByRole("button", { name: "Connect Gmail" }).click();
  await page.getByRole("button", { name: "Allow" }).click();
  // Back on /account the page reloads once the connection is kept (account.spec): wait for that
  // to finish, or the next page.goto is interrupted by it (a rehearsal on PostgreSQL failed so).
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByTestId("setup-gmail")).toContainText("Complete");
  await expect.poll(() => page.evaluate(() => localStorage.getItem("gmail_connecting"))).toBeNull();
  await page.waitForLoadState("load");

  // An alum at a data company, from the directory: the card says so before saving.
  await page.goto("/connect");
  await page.getByRole("button", { name: /Advanced filters/ }).click();
  await page.getByLabel("Education").selectOption(STUDENT.school);
  await page.getByLabel("Organization").selectOption("Quanta Analytics");
  const alumni = page
    .getByRole("list", { name: "Contacts" })
    .getByRole("article")
    .filter({ has: page.getByTestId("warm-signal").filter({ hasText: `${STUDENT.short} alum` }) })
    .filter({ hasNotText: "No email" });
  await expect(alumni.first()).toBeVisible();
  const name = (await alumni.first().getAttribute("aria-label")) ?? "";
  const firstName = name.split(" ")[0];
  await alumni
    .first()
    .getByRole("button", { name: `Save ${name}` })
    .click();
  await expect(page.getByText(`Saved ${name} to My Network`)).toBeVisible();

  // What the news source (the sandbox's stand-in) says about the company: its newest item.
  const news = await request.get(
    `/__sandbox/news/v2/everything?q=${encodeURIComponent('"Quanta Analytics"')}`,
    { headers: { "x-api-key": "sandbox-news-key" } },
  );
  const articles = (
    (await news.json()) as { articles: Array<{ title: string; publishedAt: string }> }
  ).articles;
  expect(articles.length, "the sandbox has news for Quanta Analytics").toBeGreaterThan(0);
  const newest = [...articles].sort((a, b) => b.publishedAt.localeCompare(a.publishedAt))[0];

  // My Network: the same person, with the alumni badge; Personalize.
  await page.goto("/my-network");
  const card = page.getByRole("list", { name: "Saved contacts" }).getByRole("article", { name });
  await expect(card.getByTestId("warm-signal").first()).toHaveText(`${STUDENT.short} alum`);
  await card.getByRole("button", { name: `Email ${name}` }).click();
  const dialog = page.getByRole("dialog");
  const subject = dialog.getByLabel("Subject");
  const body = dialog.getByLabel("Body");
  await dialog.getByRole("button", { name: "Personalize Email" }).click();
  await expect(dialog.getByText(/Showing:\s*Personalize/)).toBeVisible();
  // Under the draft, what it says the student is, and where to correct a misreading.
  await expect(dialog.getByTestId("written-as")).toContainText(`Written as: ${STUDENT.name} · `);
  await expect(dialog.getByTestId("written-as")).toContainText(STUDENT.school);
  await expect(
    dialog.getByRole("link", { name: "Not right? Correct it on your Account page" }),
  ).toHaveAttribute("href", "/account");
  const personalized = await body.inputValue();
  console.log(`--- Personalize ---\n${await subject.inputValue()}\n\n${personalized}\n`);

  const paragraphs = personalized.split("\n\n");
  expect(paragraphs[0]).toBe(`Hi ${firstName},`);
  // The email opens with the alumni tie, naming the school (not with the student's own
  // introduction), and speaks to an alum as one: no "fellow Northwestern student".
  expect(paragraphs[1]).toContain(STUDENT.short);
  expect(paragraphs[1]).not.toMatch(new RegExp(`^I'm ${STUDENT.name}`));
  expect(`${await subject.inputValue()}\n${personalized}`).not.toMatch(/fellow[^.\n]*student/i);
  // Signed with the student's name, never one made from the address.
  expect(paragraphs.at(-1)?.split("\n")[1]).toBe(STUDENT.name);
  // One of the resume's achievements, in its own words.
  expect(ACHIEVEMENTS.filter((a) => personalized.includes(a.cited)).length).toBeGreaterThan(0);
  // The dated news item: its headline and its day.
  expect(personalized).toContain(newest.title);
  expect(personalized).toContain(monthDay(newest.publishedAt));

  // A referral request, from the menu beside the two spec buttons: with no role named, the
  // dialog asks which one first and writes nothing in the meantime.
  await dialog.getByLabel("More message types").selectOption("referral");
  const role = dialog.getByLabel(
    "Which role should they refer you for? Paste the posting title or its link.",
  );
  await expect(role).toBeVisible();
  await role.fill("Data Analyst Intern");
  await dialog.getByRole("button", { name: "Write it" }).click();
  await expect(dialog.getByText(/Showing:\s*Referral request/)).toBeVisible();
  const referral = await body.inputValue();
  console.log(`--- Referral request ---\n${await subject.inputValue()}\n\n${referral}\n`);
  // It names the role the student gave; to a recruiter it asks about the role and the
  // process instead of for a referral.
  expect(referral).toContain("Data Analyst Intern");
  expect(referral).toMatch(/\brefer(ring)? me\b|next steps/);
  expect(referral.split("\n\n").at(-1)?.split("\n")[1]).toBe(STUDENT.name);
});
