import { describe, expect, it } from "vitest";
import { AppError } from "../../http/errors";
import { checkFounderScheduleTime, earliestFounderSendTime } from "./schedule-window";

describe("checkFounderScheduleTime", () => {
  const now = new Date("2025-06-05T20:00:00Z"); // 16:00 in New York, 02:00 next day in Tokyo

  it("accepts tomorrow 07:30 in the sender's zone and refuses a minute earlier", () => {
    expect(() =>
      checkFounderScheduleTime(new Date("2025-06-06T11:30:00Z"), "America/New_York", now),
    ).not.toThrow();
    expect(() =>
      checkFounderScheduleTime(new Date("2025-06-06T11:29:00Z"), "America/New_York", now),
    ).toThrow(/tomorrow at 07:30/);
  });

  it("computes tomorrow from the sender's own date", () => {
    // In Tokyo it is already June 6, so the earliest time is June 7 07:30 JST (June 6 22:30 UTC).
    expect(() =>
      checkFounderScheduleTime(new Date("2025-06-06T22:29:00Z"), "Asia/Tokyo", now),
    ).toThrow(AppError);
    expect(() =>
      checkFounderScheduleTime(new Date("2025-06-06T22:30:00Z"), "Asia/Tokyo", now),
    ).not.toThrow();
  });

  it("uses UTC without a zone, refuses unknown zones and times over a year ahead", () => {
    expect(() =>
      checkFounderScheduleTime(new Date("2025-06-06T07:30:00Z"), null, now),
    ).not.toThrow();
    expect(() =>
      checkFounderScheduleTime(new Date("2025-06-06T07:30:00Z"), "Mars/Base", now),
    ).toThrow(/Unknown time zone/);
    expect(() => checkFounderScheduleTime(new Date("2026-07-01T07:30:00Z"), "UTC", now)).toThrow(
      /at most 365 days/,
    );
  });
});

describe("earliestFounderSendTime", () => {
  it("lands on 07:30 local across a daylight-saving change", () => {
    // New York moves to EDT (UTC-4) early on March 9, 2025; the evening before is EST (UTC-5).
    const eveningBefore = new Date("2025-03-08T23:00:00Z");
    expect(earliestFounderSendTime(eveningBefore, "America/New_York").toISOString()).toBe(
      "2025-03-09T11:30:00.000Z",
    );
    expect(earliestFounderSendTime(eveningBefore, "Europe/London").toISOString()).toBe(
      "2025-03-09T07:30:00.000Z",
    );
  });
});
