import { describe, expect, it } from "vitest";
import { formatRelative } from "./relative-time";

describe("formatRelative", () => {
  const now = Date.parse("2025-06-05T12:00:00Z");
  it.each([
    ["2025-06-05T11:59:30Z", "just now"],
    ["2025-06-05T11:55:00Z", "5 minutes ago"],
    ["2025-06-05T09:00:00Z", "3 hours ago"],
    ["2025-06-04T12:00:00Z", "yesterday"],
    ["2025-06-05T18:00:00Z", "in 6 hours"],
  ])("describes %s as %s", (iso, expected) => {
    expect(formatRelative(iso, now)).toBe(expected);
  });
});
