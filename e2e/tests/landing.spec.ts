import { expect, type Locator, type Page, test } from "@playwright/test";
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
/** The product spec's figures: a tagline every 2 s; the newsletter form idle again after 4 s. */
const TAGLINE_MS = 2000;
const NEWSLETTER_RESET_MS = 4000;
const PHONE_MESSAGE = "If provided, phone number must be 10–15 digits with no spaces or symbols.";

/**
 * The page's timers run on Playwright's clock, paused before the page loads: time moves only when
 * the test moves it, so a busy machine can neither stretch nor squeeze an interval (issue 42).
 */
async function pauseClock(page: Page) {
  await page.clock.install({ time: CLOCK_START });
  await page.clock.pauseAt(CLOCK_START + 60_000);
}
const CLOCK_START = Date.UTC(2026, 0, 5, 9, 0, 0);

/**
 * One trip through the page's task queue: what React queued before it (a render, the effects that
 * start the page's timers) has run when this returns. A MessageChannel is not on the paused clock.
 */
async function settle(page: Page) {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve();
        channel.port2.postMessage(null);
      }),
  );
}

/**
 * TanStack Query hands a request's outcome to React with `setTimeout(0)`, which waits for the
 * paused clock like any timer (and one set from inside a timer is due a millisecond later): run
 * what is due, a millisecond at a time, until `locator` reads `text`. The server answers whenever
 * it does; the page's own timers move on by the few milliseconds this takes at most.
 */
async function runDueUntil(page: Page, locator: Locator, text: string) {
  await expect
    .poll(async () => {
      await page.clock.runFor(1);
      return locator.textContent();
    })
    .toBe(text);
  await settle(page);
}

const waitlist = (page: Page) => page.getByRole("form", { name: "Join the waitlist" });
const newsletter = (page: Page) => page.getByRole("form", { name: "Newsletter" });

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
    await pauseClock(page);
    await page.goto("/");
    const tagline = page.getByTestId("tagline");
    await expect(tagline).toBeVisible();
    await settle(page);
    const first = TAGLINES.indexOf((await tagline.textContent()) ?? "");
    expect(first).toBeGreaterThanOrEqual(0);
    for (const step of [1, 2, 3]) {
      await page.clock.runFor(TAGLINE_MS - 1);
      await settle(page);
      await expect(tagline).toHaveText(TAGLINES[(first + step - 1) % TAGLINES.length]);
      await page.clock.runFor(1);
      await expect(tagline).toHaveText(TAGLINES[(first + step) % TAGLINES.length]);
    }

    await page.getByRole("button", { name: "Pause rotating taglines" }).click();
    await settle(page);
    const paused = await tagline.textContent();
    await page.clock.runFor(5 * TAGLINE_MS);
    await settle(page);
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
    // Scroll and wait for the page to have handled the scroll event and drawn the next frame.
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          window.addEventListener(
            "scroll",
            () => requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
            { once: true },
          );
          window.scrollTo(0, 0.2 * window.innerHeight);
        }),
    );
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
    let answer = () => {};
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    await page.route("**/api/newsletter", async (route) => {
      await answered;
      await route.continue();
    });
    await pauseClock(page);
    await page.goto("/");
    const form = newsletter(page);
    const button = form.getByRole("button");
    const status = form.getByRole("status");
    await form.getByLabel("Get outreach tips in your inbox").fill(uniqueEmail("news"));
    await button.click();
    await runDueUntil(page, button, "Submitting...");
    await expect(button).toBeDisabled();
    await expect(status).toHaveText("");

    answer();
    await runDueUntil(page, status, "Check your email for signup confirmation.");
    await page.clock.runFor(NEWSLETTER_RESET_MS - 1);
    await settle(page);
    await expect(status).toHaveText("Check your email for signup confirmation.");
    await page.clock.runFor(1);
    await runDueUntil(page, status, "");
    await expect(button).toHaveText("Subscribe");
    await expect(button).toBeEnabled();
  });

  test("shows the error, then goes back to idle after 4 s", async ({ page }) => {
    await page.route("**/api/newsletter", (route) =>
      route.fulfill({ status: 500, json: { detail: "Internal Server Error" } }),
    );
    await pauseClock(page);
    await page.goto("/");
    const form = newsletter(page);
    const status = form.getByRole("status");
    await form.getByLabel("Get outreach tips in your inbox").fill(uniqueEmail("news"));
    await form.getByRole("button", { name: "Subscribe" }).click();
    await runDueUntil(page, status, "Something went wrong. Try again.");
    await page.clock.runFor(NEWSLETTER_RESET_MS - 1);
    await settle(page);
    await expect(status).toHaveText("Something went wrong. Try again.");
    await page.clock.runFor(1);
    await runDueUntil(page, status, "");
    await expect(form.getByRole("button")).toHaveText("Subscribe");
  });

  test("does not submit an empty address", async ({ page }) => {
    const sent: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/api/newsletter")) sent.push(request.url());
    });
    await page.goto("/");
    const form = newsletter(page);
    // The browser refuses to submit an empty required field: it fires "invalid" in place of
    // "submit", at the click, so once "invalid" has fired no request can follow from it.
    const refused = form
      .getByLabel("Get outreach tips in your inbox")
      .evaluate(
        (input) =>
          new Promise<boolean>((resolve) =>
            input.addEventListener("invalid", () => resolve(true), { once: true }),
          ),
      );
    await form.getByRole("button", { name: "Subscribe" }).click();
    expect(await refused).toBe(true);
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
