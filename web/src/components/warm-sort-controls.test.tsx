import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { WarmSortControls } from "./warm-sort-controls";

describe("WarmSortControls", () => {
  it("offers the list's own order and Warm first, and a warm-only switch, by their labels", () => {
    const onOrder = vi.fn();
    const onWarmOnly = vi.fn();
    render(
      <WarmSortControls
        order="newest"
        own={{ value: "newest", label: "Newest first" }}
        warmOnly={false}
        onOrder={onOrder}
        onWarmOnly={onWarmOnly}
      />,
    );
    const sort = screen.getByLabelText("Sort") as HTMLSelectElement;
    expect([...sort.options].map((option) => [option.value, option.text])).toEqual([
      ["newest", "Newest first"],
      ["warm", "Warm first"],
    ]);
    expect(sort.value).toBe("newest");
    fireEvent.change(sort, { target: { value: "warm" } });
    expect(onOrder).toHaveBeenCalledWith("warm");
    fireEvent.click(screen.getByLabelText("Warm contacts only"));
    expect(onWarmOnly).toHaveBeenCalledWith(true);
  });
});
