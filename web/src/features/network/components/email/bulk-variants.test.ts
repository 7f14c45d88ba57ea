import { describe, expect, it } from "vitest";
import { companyVariants } from "./bulk-variants";

describe("companyVariants", () => {
  it("gives the people of one company different, consecutive variants", () => {
    const variants = companyVariants(
      [
        { id: "a", company: "Harborview Partners" },
        { id: "b", company: "harborview partners " },
        { id: "c", company: "Northwind" },
        { id: "d", company: "Harborview Partners" },
        { id: "e", company: null },
        { id: "f", company: "" },
      ],
      100,
    );
    expect([variants.get("a"), variants.get("b"), variants.get("d")]).toEqual([100, 101, 102]);
    expect(variants.get("c")).toBe(100);
    expect(variants.get("e")).toBe(100);
    expect(variants.get("f")).toBe(100);
  });
});
