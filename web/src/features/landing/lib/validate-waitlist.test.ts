import { MESSAGES } from "@reachout/contract/messages";
import { describe, expect, it } from "vitest";
import { validateWaitlist } from "./validate-waitlist";

const valid = { name: "Ada Lovelace", email: "ada@uni.example", phone: "" };

describe("validateWaitlist", () => {
  it("accepts a name and an email with no phone", () => {
    expect(validateWaitlist(valid)).toEqual({});
  });

  it.each(["2125550100", "441234567890123"])("accepts the phone %s (10 to 15 digits)", (phone) => {
    expect(validateWaitlist({ ...valid, phone })).toEqual({});
  });

  it.each([
    "212555010", // 9 digits
    "4412345678901234", // 16 digits
    "+12125550100",
    "212 555 0100",
    "212-555-0100",
  ])("refuses the phone %s with the spec's message (§5)", (phone) => {
    expect(validateWaitlist({ ...valid, phone })).toEqual({ phone: MESSAGES.waitlist.phone });
  });

  it("requires a name and a valid email", () => {
    expect(validateWaitlist({ name: "  ", email: "", phone: "" })).toEqual({
      name: "Enter your full name.",
      email: "Enter a valid email address.",
    });
    expect(validateWaitlist({ ...valid, email: "ada@uni" }).email).toBe(
      "Enter a valid email address.",
    );
  });
});
