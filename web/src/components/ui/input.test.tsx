import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Input } from "./input";
import { Pagination } from "./pagination";

describe("Input", () => {
  it("takes the caller's height instead of the default, so it matches small buttons", () => {
    render(<Input aria-label="small" className="h-8 w-20" />);
    render(<Input aria-label="default" />);
    const small = screen.getByLabelText("small").className.split(" ");
    expect(small).toContain("h-8");
    expect(small).not.toContain("h-10");
    expect(screen.getByLabelText("default").className.split(" ")).toContain("h-10");
  });
});

describe("Pagination", () => {
  it("has a page-jump box as tall as its buttons, and says when more pages exist", () => {
    render(<Pagination page={2} pageCount={34} more onPageChange={() => {}} />);
    expect(screen.getByLabelText("Go to page").className.split(" ")).not.toContain("h-10");
    expect(screen.getByText(/Page 2 of 34\+/)).toBeTruthy();
  });
});
