import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CheckoutSuccessBanner } from "./checkout-success-banner";

const billing = (plan: string, credits: number) => ({
  plan,
  user_credits: credits,
  current_period_start: null,
  current_period_end: null,
  days_remaining: 30,
  cancel_at_period_end: false,
  cancel_url: null,
});

let answers: Array<ReturnType<typeof billing>> = [];
let fetchSpy: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  fetchSpy = vi.spyOn(globalThis, "fetch").mockImplementation(async () => {
    const body = answers.length > 1 ? answers.shift() : answers[0];
    return new Response(JSON.stringify(body), {
      status: 200,
      headers: { "content-type": "application/json" },
    });
  });
});
afterEach(() => fetchSpy.mockRestore());

function Where() {
  const location = useLocation();
  return <span data-testid="where">{location.search}</span>;
}

function renderAt(path: string) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route
            path="/account"
            element={
              <>
                <CheckoutSuccessBanner />
                <Where />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe("CheckoutSuccessBanner", () => {
  it("says which plan and how many credits the payment brought, once the server has them", async () => {
    // The webhook lands after the first look: Free first, then Gold.
    answers = [billing("free", 25), billing("gold", 250)];
    renderAt("/account?checkout=success");
    expect((await screen.findByRole("status")).textContent).toBe(
      "Payment received. Confirming your new plan...",
    );
    expect(
      await screen.findByText(
        "Payment complete. You're on the Gold plan with 250 credits.",
        undefined,
        {
          timeout: 5000,
        },
      ),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Dismiss" }));
    expect(screen.queryByRole("status")).toBeNull();
    expect(screen.getByTestId("where").textContent).toBe("");
  });

  it("says nothing on a plain visit", () => {
    answers = [billing("gold", 250)];
    renderAt("/account");
    expect(screen.queryByRole("status")).toBeNull();
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
