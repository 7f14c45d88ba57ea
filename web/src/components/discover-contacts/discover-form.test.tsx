import { screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { stubFetch } from "../../test/fetch-stub";
import { renderWithApp } from "../../test/render";
import { signIn } from "../../test/session";
import { DiscoverContactsForm } from "./discover-form";

beforeEach(() => {
  stubFetch();
});
afterEach(() => vi.restoreAllMocks());

function renderAs(isAdmin: boolean) {
  signIn({ id: "u", email: "a@uni.example", isAdmin });
  renderWithApp(<DiscoverContactsForm mode="full" />);
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
