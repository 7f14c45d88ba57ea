import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SessionProvider } from "../../lib/use-session";
import { DiscoverContactsForm } from "./discover-form";

let fetchSpy: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  fetchSpy = vi
    .spyOn(globalThis, "fetch")
    .mockImplementation(async () => new Response("{}", { status: 404 }));
});
afterEach(() => fetchSpy.mockRestore());

function renderAs(isAdmin: boolean) {
  localStorage.setItem("token", "h.eyJzdWIiOiJ1In0.s");
  localStorage.setItem("user", JSON.stringify({ id: "u", email: "a@uni.example", isAdmin }));
  render(
    <QueryClientProvider client={new QueryClient()}>
      <SessionProvider>
        <MemoryRouter>
          <DiscoverContactsForm mode="full" />
        </MemoryRouter>
      </SessionProvider>
    </QueryClientProvider>,
  );
}

const strategies = () =>
  screen.getAllByRole("option").map((option) => option.getAttribute("value"));

describe("the strategy choice (ADR 010: sales_students is admin-only)", () => {
  it("offers the student sales search to admins", () => {
    renderAs(true);
    expect(strategies()).toEqual(
      expect.arrayContaining(["deepseek", "apollo_search", "financial_sales", "sales_students"]),
    );
  });

  it("leaves it out for everyone else, whose searches the server refuses with 403", () => {
    renderAs(false);
    expect(strategies()).toEqual(
      expect.arrayContaining(["deepseek", "apollo_search", "financial_sales"]),
    );
    expect(strategies()).not.toContain("sales_students");
  });
});
