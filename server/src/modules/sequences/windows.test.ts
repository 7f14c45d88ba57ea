import { describe, expect, it } from "vitest";
import { timeZoneOfLocation } from "./time-zone";
import { addWait, nextInWindow, type SendWindow } from "./windows";

const NEW_YORK: SendWindow = {
  startMinute: 8 * 60,
  endMinute: 18 * 60,
  timeZone: "America/New_York",
};
const DAY = 24 * 3600_000;

describe("sending windows", () => {
  it("keeps a time inside the hours of a business day", () => {
    const at = new Date("2026-11-24T15:00:00Z"); // Tuesday 10:00 in New York
    expect(nextInWindow(at, NEW_YORK)).toEqual(at);
  });

  it("moves an evening time to 08:00 the next business day in the recipient's zone", () => {
    const friday = new Date("2026-11-27T23:30:00Z"); // Friday 18:30 in New York
    expect(nextInWindow(friday, NEW_YORK).toISOString()).toBe("2026-11-30T13:00:00.000Z"); // Monday 08:00
    const early = new Date("2026-11-24T11:15:30Z"); // Tuesday 06:15:30
    expect(nextInWindow(early, NEW_YORK).toISOString()).toBe("2026-11-24T13:00:00.000Z");
  });

  it("counts waits in business days when a window applies, in plain minutes without one", () => {
    const friday = new Date("2026-11-27T15:00:00Z"); // Friday 10:00 in New York
    expect(addWait(friday, 3 * DAY, NEW_YORK).toISOString()).toBe("2026-12-02T15:00:00.000Z"); // Wednesday
    expect(addWait(friday, 3 * DAY, null).toISOString()).toBe("2026-11-30T15:00:00.000Z");
    expect(nextInWindow(friday, null)).toEqual(friday);
  });

  it("reads a time zone from the contact's location when it names one", () => {
    expect(timeZoneOfLocation("San Francisco, CA")).toBe("America/Los_Angeles");
    expect(timeZoneOfLocation("Austin, TX")).toBe("America/Chicago");
    expect(timeZoneOfLocation("New York")).toBe("America/New_York");
    expect(timeZoneOfLocation("London, United Kingdom")).toBe("Europe/London");
    expect(timeZoneOfLocation("Columbus, Ohio")).toBe("America/New_York");
    expect(timeZoneOfLocation("Remote")).toBeNull();
    expect(timeZoneOfLocation(null)).toBeNull();
  });
});
