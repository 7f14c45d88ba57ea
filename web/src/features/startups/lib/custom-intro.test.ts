import { LOCAL_KEYS } from "@reachout/contract/constants";
import { describe, expect, it } from "vitest";
import { readCustomIntro, writeCustomIntro } from "./custom-intro";

describe("custom intro storage", () => {
  it("keeps the intro under its global key and removes it when emptied", () => {
    expect(readCustomIntro()).toBe("");
    writeCustomIntro("I met you at demo day.");
    expect(localStorage.getItem(LOCAL_KEYS.customIntro)).toBe("I met you at demo day.");
    expect(readCustomIntro()).toBe("I met you at demo day.");
    writeCustomIntro("   ");
    expect(localStorage.getItem(LOCAL_KEYS.customIntro)).toBeNull();
  });
});
