import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { Route, Routes } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { json, stubFetch } from "../../../test/fetch-stub";
import { renderWithApp } from "../../../test/render";
import { signIn } from "../../../test/session";
import PricingPage from "./pricing-page";

const USER_ID = "7d1e3c59-0d0e-4c57-9a53-5d1b8d1c2f10";
const PLANS = {
  sales_email: "sales@reachout.example",
  plans: [
    {
      plan_id: "free",
      name: "Free",
      price_cents: 0,
      credits: 5,
      price_id: null,
      most_popular: false,
      features: ["5 credits per month"],
    },
    {
      plan_id: "gold",
      name: "Gold",
      price_cents: 5000,
      credits: 225,
      price_id: "price_gold_monthly",
      most_popular: true,
      features: ["225 credits per month"],
    },
    {
      plan_id: "black",
      name: "Black",
      price_cents: 12500,
      credits: 650,
      price_id: "price_black_monthly",
      most_popular: false,
      features: ["650 credits per month"],
    },
    {
      plan_id: "enterprise",
      name: "Enterprise",
      price_cents: null,
      credits: 0,
      price_id: null,
      most_popular: false,
      features: ["Team accounts"],
    },
  ],
};
const billing = (plan: string) => ({
  plan,
  user_credits: 10,
  current_period_start: null,
  current_period_end: null,
  days_remaining: null,
  cancel_at_period_end: false,
  cancel_url: null,
});

let checkoutAnswer: Response;
const checkoutBodies: unknown[] = [];

beforeEach(() => {
  checkoutBodies.length = 0;
  checkoutAnswer = json(200, { checkout_url: "http://localhost/__sandbox/stripe/checkout/cs_1" });
  stubFetch({
    "/api/plans": json(200, PLANS),
    "/api/billinginfo": () => json(200, billing(currentPlan)),
    "/api/user/profile": json(500, { detail: "not in this test" }),
    "/api/create-checkout-session": (_url, init) => {
      checkoutBodies.push(JSON.parse(String(init?.body)));
      return checkoutAnswer;
    },
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

let currentPlan = "free";
function signInOnPlan(plan: string) {
  currentPlan = plan;
  signIn({ id: USER_ID, email: "ada@uni.example" });
}

function renderPage(entry = "/pricing") {
  renderWithApp(
    <Routes>
      <Route path="/pricing" element={<PricingPage />} />
      <Route path="/login" element={<p>Login page</p>} />
    </Routes>,
    { path: entry },
  );
}

const card = (name: string) => screen.getByRole("group", { name });

describe("pricing page, signed out", () => {
  it("shows the four plans with Gold as Most Popular and Enterprise mailing sales", async () => {
    renderPage();
    expect(await screen.findByRole("group", { name: "Free" })).toBeTruthy();
    expect(within(card("Gold")).getByText("Most Popular")).toBeTruthy();
    expect(within(card("Gold")).getByText("$50")).toBeTruthy();
    expect(within(card("Black")).getByText("$125")).toBeTruthy();
    expect(within(card("Free")).getByText("5 credits every month")).toBeTruthy();
    expect(
      within(card("Enterprise")).getByRole("link", { name: "Contact Sales" }).getAttribute("href"),
    ).toBe("mailto:sales@reachout.example?subject=Reachout%20Enterprise");
    expect(screen.getByText("Upgrades pay only the difference.")).toBeTruthy();
  });

  it("sends a visitor who picks a paid plan to /login", async () => {
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "Choose Gold" }));
    expect(await screen.findByText("Login page")).toBeTruthy();
    expect(checkoutBodies).toEqual([]);
  });
});

describe("pricing page, signed in", () => {
  it("hides Free, marks the current plan and offers the upgrade for the difference", async () => {
    signInOnPlan("gold");
    renderPage();
    expect(
      await within(await screen.findByRole("group", { name: "Gold" })).findByText("Current plan"),
    ).toBeTruthy();
    expect(screen.queryByRole("group", { name: "Free" })).toBeNull();
    expect(within(card("Gold")).getByRole("button", { name: "Your current plan" })).toHaveProperty(
      "disabled",
      true,
    );
    expect(within(card("Black")).getByRole("button", { name: "Upgrade to Black" })).toBeTruthy();
    expect(within(card("Black")).getByText(/Pay only the \$75 difference/)).toBeTruthy();
  });

  it("posts the checkout for the caller and leaves for the checkout page", async () => {
    signInOnPlan("free");
    const assign = vi.fn();
    vi.spyOn(window.location, "assign").mockImplementation(assign);
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "Choose Gold" }));
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith("http://localhost/__sandbox/stripe/checkout/cs_1"),
    );
    expect(checkoutBodies).toEqual([
      { user_id: USER_ID, plan: "gold", credits: 225, price_id: "price_gold_monthly" },
    ]);
  });

  it("alerts the spec's message (§8) when the checkout cannot start", async () => {
    signInOnPlan("free");
    checkoutAnswer = json(502, { detail: "Checkout failed. Please try again." });
    const alert = vi.fn();
    vi.stubGlobal("alert", alert);
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "Choose Black" }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith("Checkout failed. Please try again."));
    expect(screen.getByRole("button", { name: "Choose Black" })).toHaveProperty("disabled", false);
  });

  it("says a cancelled checkout charged nothing", async () => {
    signInOnPlan("free");
    renderPage("/pricing?checkout=cancelled");
    expect(await screen.findByText("Checkout cancelled. You have not been charged.")).toBeTruthy();
  });
});
