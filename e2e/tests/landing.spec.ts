import { expect, type Page, test } from "@playwright/test";
import { latestMail, uniqueEmail } from "./helpers";

const TAGLINES = [
  "land internship interviews.",
  "network the right way.",
  "bypass ATS systems.",
  "connect with hiring managers.",
  "land your dream job.",
  "speak with industry professionals.",
  "stop disappointing your parents.",
];
const PHONE_MESSAGE = "If provided, phone number must be 10–15 digits with no spaces or symbols.";

/** Watches an element in the page (every 20 ms) and returns its text changes with times. */
async function watchText(page: Page, selector: string, changes: number) {
  return page.evaluate(
    async ({ selector, changes }) => {
      const read = () => document.querySelector(selector)?.textContent ?? "";
      const log = [{ at: performance.now(), text: read() }];
      await new Promise<void>((resolve) => {
        const timer = setInterval(() => {
          const text = read();
          if (text !== log[log.length - 1].text) log.push({ at: performance.now(), text });
          if (log.length > changes) {
            clearInterval(timer);
            resolve();
          }
        }, 20);
      });
      return log;
    },
    { selector, changes },
  );
}

const waitlist = (page: Page) => page.getByRole("form", { name: "Join the waitlist" });
const newsletter = (page: Page) => page.getByRole("form", { name: "Newsletter" });
const NEWSLETTER_STATUS = 'form[aria-label="Newsletter"] [role="status"]';

test.describe("landing page", () => {
  test("shows the hero, calls to action, trust badges, logos, steps, features and waitlist line", async ({
    page,
  }) => {
    await page.goto("/");
    await expect(page.getByText("Your personal AI Agent to land interviews.")).toBeVisible();
    await expect(
      page.getByRole("heading", { level: 1, name: "Land Your Dream Internship & Job" }),
    ).toBeVisible();
    await expect(page.getByRole("link", { name: "Try FREE" })).toHaveAttribute("href", "/signup");
    for (const badge of ["SOC 2 Compliant", "Enterprise Security", "99.9% Uptime"]) {
      await expect(page.getByRole("list", { name: "Trust and security" })).toContainText(badge);
    }
    // Each strip shows its 11 marks twice for the endless scroll; the copy is hidden from readers.
    const logos = page.getByTestId("logo-section");
    await expect(logos.locator("ul:not([aria-hidden]) > li")).toHaveCount(22);
    await expect(logos.locator("ul[aria-hidden] > li")).toHaveCount(22);

    await page.getByRole("link", { name: "See How It Works" }).click();
    await expect(page).toHaveURL(/#how-it-works$/);
    const steps = page.locator("#how-it-works ol > li");
    await expect(steps).toHaveCount(4);
    await expect(page.locator("#how-it-works")).toBeInViewport();
    await expect(page.locator("#features ul > li")).toHaveCount(6);
    await expect(
      page.getByText("Limited to 500 students • No credit card required • Free trial included", {
        exact: true,
      }),
    ).toBeVisible();
  });

  test("rotates the taglines every 2 seconds", async ({ page }) => {
    await page.goto("/");
    const tagline = page.getByTestId("tagline");
    await expect(tagline).toBeVisible();
    const log = await watchText(page, '[data-testid="tagline"]', 3);
    const first = TAGLINES.indexOf(log[0].text);
    expect(first).toBeGreaterThanOrEqual(0);
    expect(log.map((entry) => entry.text)).toEqual(
      [0, 1, 2, 3].map((step) => TAGLINES[(first + step) % TAGLINES.length]),
    );
    for (const [before, after] of [
      [log[1], log[2]],
      [log[2], log[3]],
    ]) {
      expect(after.at - before.at).toBeGreaterThan(1800);
      expect(after.at - before.at).toBeLessThan(2300);
    }

    await page.getByRole("button", { name: "Pause rotating taglines" }).click();
    const paused = await tagline.textContent();
    await page.waitForTimeout(2500);
    await expect(tagline).toHaveText(paused ?? "");
  });

  test("on a phone the logo strips fade in after scrolling past 30% of the screen", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/");
    const logos = page.getByTestId("logo-section");
    await expect(logos).toHaveAttribute("data-revealed", "false");
    await expect(logos).toHaveCSS("opacity", "0");
    await page.evaluate(() => window.scrollTo(0, 0.2 * window.innerHeight));
    await page.waitForTimeout(300);
    await expect(logos).toHaveAttribute("data-revealed", "false");
    await page.evaluate(() => window.scrollTo(0, 0.3 * window.innerHeight + 20));
    await expect(logos).toHaveAttribute("data-revealed", "true");
    await expect(logos).toHaveCSS("opacity", "1");
  });

  test("on a wide screen the logo strips are visible at once", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByTestId("logo-section")).toHaveAttribute("data-revealed", "true");
  });
});

test.describe("waitlist form", () => {
  test("shows each validation message and sends nothing until the form is valid", async ({
    page,
  }) => {
    const sent: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/api/waitlist")) sent.push(request.url());
    });
    await page.goto("/");
    const form = waitlist(page);
    await form.getByRole("button", { name: "Join the Waitlist" }).click();
    await expect(form.getByText("Enter your full name.")).toBeVisible();
    await expect(form.getByText("Enter a valid email address.")).toBeVisible();
    await expect(form.getByLabel("Full name")).toBeFocused();

    await form.getByLabel("Full name").fill("Ada Student");
    await form.getByLabel("Email").fill("ada@uni.example");
    const phone = form.getByLabel(/Phone/);
    await phone.fill("212555010");
    await form.getByRole("button", { name: "Join the Waitlist" }).click();
    await expect(form.getByText(PHONE_MESSAGE)).toBeVisible();
    await expect(phone).toHaveAttribute("aria-invalid", "true");

    await phone.fill("");
    await phone.pressSequentially("12345678901234567890");
    await expect(phone).toHaveValue("123456789012345");
    await phone.fill("212 555 0100");
    await form.getByRole("button", { name: "Join the Waitlist" }).click();
    await expect(form.getByText(PHONE_MESSAGE)).toBeVisible();
    expect(sent).toEqual([]);
  });

  test("joins with a target role, confirms by email, and answers a second try with 409", async ({
    page,
    request,
  }) => {
    const email = uniqueEmail("waitlist");
    await page.goto("/");
    const form = waitlist(page);
    await form.getByLabel("Full name").fill("Grace Student");
    await form.getByLabel("Email").fill(email);
    await form.getByLabel(/Phone/).fill("2125550100");
    await form.getByRole("button", { name: /Technology - Data Science & AI/ }).click();
    await form.getByText("Data Science Intern", { exact: true }).click();
    await expect(form.getByText("1 selected").first()).toBeVisible();
    await form.getByRole("button", { name: "Join the Waitlist" }).click();

    const status = form.getByRole("status").last();
    await expect(status).toHaveText("Success! Check your email for signup confirmation.");
    await expect(form.getByLabel("Email")).toHaveValue("");
    const mail = await latestMail(request, email);
    expect(mail.subject).toContain("waitlist");
    expect(mail.text).toContain("Data Science Intern");

    await form.getByLabel("Full name").fill("Grace Again");
    await form.getByLabel("Email").fill(email.toUpperCase());
    await form.getByRole("button", { name: "Join the Waitlist" }).click();
    await expect(status).toHaveText("You're already signed up!");
  });

  test("says something went wrong when the server fails", async ({ page }) => {
    await page.route("**/api/waitlist", (route) =>
      route.fulfill({ status: 500, json: { detail: "Internal Server Error" } }),
    );
    await page.goto("/");
    const form = waitlist(page);
    await form.getByLabel("Full name").fill("Linus Student");
    await form.getByLabel("Email").fill(uniqueEmail("fail"));
    await form.getByRole("button", { name: "Join the Waitlist" }).click();
    await expect(form.getByRole("status").last()).toHaveText(
      "Something went wrong. Please try again.",
    );
  });
});

test.describe("newsletter form", () => {
  test("shows Submitting..., then success, then goes back to idle after 4 s", async ({ page }) => {
    await page.route("**/api/newsletter", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    await page.goto("/");
    const form = newsletter(page);
    const button = form.getByRole("button");
    const status = form.getByRole("status");
    await form.getByLabel("Get outreach tips in your inbox").fill(uniqueEmail("news"));
    await button.click();
    await expect(button).toHaveText("Submitting...");
    await expect(button).toBeDisabled();
    const log = await watchText(page, NEWSLETTER_STATUS, 2);
    expect(log.map((entry) => entry.text)).toEqual([
      "",
      "Check your email for signup confirmation.",
      "",
    ]);
    expect(log[2].at - log[1].at).toBeGreaterThan(3900);
    expect(log[2].at - log[1].at).toBeLessThan(4500);
    await expect(button).toHaveText("Subscribe");
    await expect(button).toBeEnabled();
    await expect(status).toHaveText("");
  });

  test("shows the error, then goes back to idle after 4 s", async ({ page }) => {
    await page.route("**/api/newsletter", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 500));
      await route.fulfill({ status: 500, json: { detail: "Internal Server Error" } });
    });
    await page.goto("/");
    const form = newsletter(page);
    await form.getByLabel("Get outreach tips in your inbox").fill(uniqueEmail("news"));
    await form.getByRole("button", { name: "Subscribe" }).click();
    const log = await watchText(page, NEWSLETTER_STATUS, 2);
    expect(log.map((entry) => entry.text)).toEqual(["", "Something went wrong. Try again.", ""]);
    expect(log[2].at - log[1].at).toBeGreaterThan(3900);
    expect(log[2].at - log[1].at).toBeLessThan(4500);
    await expect(form.getByRole("button")).toHaveText("Subscribe");
  });

  test("does not submit an empty address", async ({ page }) => {
    const sent: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/api/newsletter")) sent.push(request.url());
    });
    await page.goto("/");
    await newsletter(page).getByRole("button", { name: "Subscribe" }).click();
    await page.waitForTimeout(300);
    expect(sent).toEqual([]);
  });
});

test.describe("header", () => {
  test("the Features menu opens, lists the features and closes on Escape", async ({ page }) => {
    await page.goto("/");
    const trigger = page.getByRole("button", { name: "Features" });
    await trigger.click();
    await expect(trigger).toHaveAttribute("aria-expanded", "true");
    for (const name of ["Search Agent", "Intelligent Email", "Startups", "Connect", "My Network"]) {
      await expect(page.getByRole("link", { name, exact: true })).toBeVisible();
    }
    await page.keyboard.press("Escape");
    await expect(trigger).toHaveAttribute("aria-expanded", "false");
    await expect(trigger).toBeFocused();
  });

  test("on a phone the menu also holds Pricing and Sign in, and the bar fits the screen", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
    await page.getByRole("button", { name: "Menu" }).click();
    await page.getByRole("link", { name: "Pricing" }).click();
    // Pricing is behind the log-in, as every sidebar link is for a visitor (spec).
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe("static pages", () => {
  test("Privacy and Terms are effective June 5, 2025 and link to each other", async ({ page }) => {
    await page.goto("/privacy");
    await expect(page.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeVisible();
    await expect(page.getByText("Effective June 5, 2025")).toBeVisible();
    await expect(page.getByText("gmail.readonly").first()).toBeVisible();
    await expect(
      page.getByRole("link", { name: "support@reachout.example" }).first(),
    ).toBeVisible();
    await page.getByRole("link", { name: "Terms of Service" }).first().click();
    await expect(page).toHaveURL(/\/terms$/);
    await expect(page.getByRole("heading", { level: 1, name: "Terms of Service" })).toBeVisible();
    await expect(page.getByText("Effective June 5, 2025")).toBeVisible();
    await page.getByRole("link", { name: "Privacy Policy" }).first().click();
    await expect(page).toHaveURL(/\/privacy$/);
  });

  test("Contact Us shows both addresses and the FAQ", async ({ page }) => {
    await page.goto("/contact");
    await expect(page.getByRole("heading", { level: 1, name: "Contact Us" })).toBeVisible();
    await expect(page.getByRole("link", { name: "support@reachout.example" })).toHaveAttribute(
      "href",
      "mailto:support@reachout.example",
    );
    await expect(page.getByRole("link", { name: "partners@reachout.example" })).toBeVisible();
    await expect(page.getByText(/within 24 hours/)).toBeVisible();
    await expect(page.getByText(/Demos are available/)).toBeVisible();
    await expect(page.getByText(/enterprise solutions for universities/)).toBeVisible();
  });

  test("the thank-you page congratulates and an unknown address shows a friendly 404", async ({
    page,
  }) => {
    await page.goto("/thank-you");
    await expect(
      page.getByRole("heading", {
        name: "Congratulations! Check your email for your signup confirmation!",
      }),
    ).toBeVisible();
    await page.goto("/no-such-page");
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    await page.getByRole("link", { name: "Go to the home page" }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});
