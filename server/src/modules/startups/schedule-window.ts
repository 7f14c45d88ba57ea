import { badRequest } from "../../http/errors";

/** Founder emails may be scheduled from tomorrow 07:30 in the sender's time zone (spec 5, 9). */
export const FOUNDER_SEND_HOUR = 7;
export const FOUNDER_SEND_MINUTE = 30;
/** How far ahead a founder email may be scheduled. */
export const FOUNDER_SCHEDULE_MAX_DAYS = 365;

export function isValidTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone });
    return true;
  } catch {
    return false;
  }
}

interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function wallTime(date: Date, timeZone: string): WallTime {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
  }).formatToParts(date);
  const get = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((part) => part.type === type)?.value);
  return {
    year: get("year"),
    month: get("month"),
    day: get("day"),
    hour: get("hour"),
    minute: get("minute"),
    second: get("second"),
  };
}

/** The zone's offset from UTC at an instant, in milliseconds. */
function offsetAt(instant: number, timeZone: string): number {
  const w = wallTime(new Date(instant), timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - (instant - (((instant % 1000) + 1000) % 1000));
}

/** The instant a wall-clock time happens in a zone (the later offset wins across a DST gap). */
export function zonedTimeToInstant(
  date: { year: number; month: number; day: number },
  hour: number,
  minute: number,
  timeZone: string,
): Date {
  const guess = Date.UTC(date.year, date.month - 1, date.day, hour, minute);
  const first = guess - offsetAt(guess, timeZone);
  const second = guess - offsetAt(first, timeZone);
  return new Date(Math.max(first, second));
}

/** Tomorrow 07:30 in the time zone, seen from `now`. */
export function earliestFounderSendTime(now: Date, timeZone: string): Date {
  const today = wallTime(now, timeZone);
  const tomorrow = new Date(Date.UTC(today.year, today.month - 1, today.day + 1));
  return zonedTimeToInstant(
    {
      year: tomorrow.getUTCFullYear(),
      month: tomorrow.getUTCMonth() + 1,
      day: tomorrow.getUTCDate(),
    },
    FOUNDER_SEND_HOUR,
    FOUNDER_SEND_MINUTE,
    timeZone,
  );
}

/**
 * The earliest allowed send time, checked in the sender's time zone, or a 400 saying why not.
 */
export function checkFounderScheduleTime(
  scheduledAt: Date,
  timeZone: string | null | undefined,
  now = new Date(),
): void {
  const zone = timeZone?.trim() || "UTC";
  if (!isValidTimeZone(zone)) throw badRequest(`Unknown time zone "${zone}".`);
  const earliest = earliestFounderSendTime(now, zone);
  if (scheduledAt.getTime() < earliest.getTime()) {
    throw badRequest(
      `Founder emails can be scheduled from tomorrow at 07:30 (${zone}) onward: ${earliest.toISOString()} or later.`,
    );
  }
  if (scheduledAt.getTime() > now.getTime() + FOUNDER_SCHEDULE_MAX_DAYS * 86_400_000) {
    throw badRequest(
      `Founder emails can be scheduled at most ${FOUNDER_SCHEDULE_MAX_DAYS} days ahead.`,
    );
  }
}
