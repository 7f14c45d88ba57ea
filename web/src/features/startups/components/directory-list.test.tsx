import { fireEvent, render, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { DirectoryList } from "./directory-list";

const startup = (n: number) => ({
  id: `s${n}`,
  org_name: `Orbit ${n}`,
  org_url: null,
  location: "Austin, Texas",
  funding_type: "Seed",
  money_raised: null,
  announced_date: null,
  founders: [
    {
      id: `f${n}`,
      person_name: `Mia ${n}`,
      person_title: "CEO",
      person_linkedin: null,
      person_profile_url: null,
    },
  ],
});

describe("DirectoryList", () => {
  it("lists founders collapsed and offers the pages at the top as well as the bottom", () => {
    const onPageChange = vi.fn();
    render(
      <DirectoryList
        // biome-ignore lint/suspicious/noExplicitAny: a minimal startup for the list
        shown={{
          items: [startup(1), startup(2)] as any,
          page: 1,
          pageCount: 3,
          from: 1,
          to: 2,
          total: 250,
        }}
        onPageChange={onPageChange}
        expanded={{}}
        onToggle={() => {}}
        statuses={undefined}
        onEmail={() => {}}
      />,
    );
    expect(screen.getAllByRole("button", { name: /Show Founders/ })).toHaveLength(2);
    expect(screen.queryByRole("list", { name: /Founders of/ })).toBeNull();
    const top = screen.getByRole("navigation", { name: "Pagination (top)" });
    expect(screen.getByRole("navigation", { name: "Pagination" })).toBeTruthy();
    fireEvent.click(within(top).getByRole("button", { name: "Next" }));
    expect(onPageChange).toHaveBeenCalledWith(2);
  });

  it("writes the counts as the stat cards do, with a thousands separator", () => {
    render(
      <DirectoryList
        // biome-ignore lint/suspicious/noExplicitAny: a minimal startup for the list
        shown={{ items: [startup(1)] as any, page: 1, pageCount: 1, from: 1, to: 1, total: 1000 }}
        onPageChange={() => {}}
        expanded={{}}
        onToggle={() => {}}
        statuses={undefined}
        onEmail={() => {}}
      />,
    );
    expect(screen.getByText("Showing 1 - 1 of 1,000 startups")).toBeTruthy();
  });
});
