import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { json, stubFetch } from "../../../test/fetch-stub";
import { renderWithApp } from "../../../test/render";
import { signIn } from "../../../test/session";
import { GoalCard } from "./goal-card";

const SUGGESTED = {
  seeking: "internship",
  season: "Summer",
  year: 2027,
  roles: [],
  industries: [],
  locations: [],
  stage: "student",
};

beforeEach(() => signIn({ id: "7d1e3c59-0d0e-4c57-9a53-5d1b8d1c2f10", email: "ada@uni.example" }));
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

it("shows the goal read from the resume as a suggestion, and saves what the student confirms", async () => {
  const saved: unknown[] = [];
  const fetchSpy = stubFetch({
    "/api/profile/goal": (_url, init) => {
      if (init?.method === "PUT") {
        const goal = JSON.parse(String(init.body));
        saved.push(goal);
        return json(200, { goal, suggested: SUGGESTED, confirmed_at: "2026-11-28T11:00:00Z" });
      }
      return json(200, { goal: null, suggested: SUGGESTED, confirmed_at: null });
    },
  });
  renderWithApp(<GoalCard />);
  const card = await screen.findByRole("region", { name: "What you're looking for" });
  expect(await within(card).findByText("Summer 2027")).toBeTruthy();
  expect(within(card).getByText(/Suggested from your resume/)).toBeTruthy();
  expect(within(card).getByText("Internship")).toBeTruthy();

  fireEvent.click(within(card).getByRole("button", { name: "Review and confirm" }));
  fireEvent.change(within(card).getByLabelText("Looking for"), { target: { value: "full-time" } });
  fireEvent.change(within(card).getByLabelText("Starting"), { target: { value: "asap" } });
  fireEvent.change(within(card).getByLabelText("Roles"), {
    target: { value: "data analyst, business analyst" },
  });
  fireEvent.change(within(card).getByLabelText("Industries"), { target: { value: "healthcare" } });
  fireEvent.change(within(card).getByLabelText("Locations"), { target: { value: "Chicago" } });
  fireEvent.change(within(card).getByLabelText("Where you are"), {
    target: { value: "career_changer" },
  });
  fireEvent.click(within(card).getByRole("button", { name: "Save" }));

  await waitFor(() => expect(saved).toHaveLength(1));
  expect(saved[0]).toEqual({
    seeking: "full-time",
    season: null,
    year: null,
    roles: ["data analyst", "business analyst"],
    industries: ["healthcare"],
    locations: ["Chicago"],
    stage: "career_changer",
  });
  expect(fetchSpy.mock.calls.some(([, init]) => init?.method === "PUT")).toBe(true);
  // Saved, the card shows the student's own goal, no longer a suggestion.
  expect(await within(card).findByText("As soon as possible")).toBeTruthy();
  expect(within(card).getByText("data analyst, business analyst")).toBeTruthy();
  expect(within(card).getByText("Career changer")).toBeTruthy();
  expect(within(card).queryByText(/Suggested from your resume/)).toBeNull();
  expect(within(card).getByRole("button", { name: "Edit" })).toBeTruthy();
});

it("asks for a year before saving a season", async () => {
  const fetchSpy = stubFetch({
    "/api/profile/goal": json(200, { goal: SUGGESTED, suggested: SUGGESTED, confirmed_at: null }),
  });
  renderWithApp(<GoalCard />);
  const card = await screen.findByRole("region", { name: "What you're looking for" });
  fireEvent.click(await within(card).findByRole("button", { name: "Edit" }));
  fireEvent.change(within(card).getByLabelText("Year"), { target: { value: "" } });
  fireEvent.click(within(card).getByRole("button", { name: "Save" }));
  expect((await within(card).findByRole("alert")).textContent).toMatch(/Give the year/);
  expect(fetchSpy.mock.calls.some(([, init]) => init?.method === "PUT")).toBe(false);
});
