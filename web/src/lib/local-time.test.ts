import { describe, expect, it } from "vitest";
import { fromLocalInputValue, toLocalInputValue } from "./local-time";

describe("datetime-local values", () => {
  it("writes a local time as the input's value and reads it back", () => {
    const at = new Date(2025, 5, 5, 9, 30);
    expect(toLocalInputValue(at)).toBe("2025-06-05T09:30");
    expect(fromLocalInputValue("2025-06-05T09:30")?.getTime()).toBe(at.getTime());
  });

  it("reads an empty or malformed value as null", () => {
    expect(fromLocalInputValue("")).toBeNull();
    expect(fromLocalInputValue("tomorrow")).toBeNull();
  });
});
