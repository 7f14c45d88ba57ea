/**
 * When a follow-up may go: after its wait, on a business day, within the sending hours of the
 * recipient's time zone. Waits count business time when windows apply (a weekend does not
 * count towards "3 business days"); without a window (sandbox default) they are plain minutes.
 */
export interface SendWindow {
  /** Minutes after local midnight: [start, end). */
  startMinute: number;
  endMinute: number;
  timeZone: string;
}

export const DEFAULT_WINDOW = { start: "08:00", end: "18:00" } as const;
const DAY_MS = 24 * 3600_000;

export const minuteOfDay = (hhmm: string) => {
  const [h, m] = hhmm.split(":").map(Number);
  return h * 60 + m;
};

export function isValidTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

interface LocalParts {
  weekday: number; // 0 = Sunday
  minute: number; // minutes after local midnight
  /** Milliseconds from this instant to the next local midnight. */
  toMidnightMs: number;
}

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

function localParts(at: Date, timeZone: string): LocalParts {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    weekday: "short",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
  }).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "0";
  const hour = Number(get("hour")) % 24;
  const minute = hour * 60 + Number(get("minute"));
  const seconds = minute * 60 + Number(get("second"));
  return {
    weekday: WEEKDAYS.indexOf(get("weekday")),
    minute,
    toMidnightMs: (24 * 3600 - seconds) * 1000 - at.getMilliseconds(),
  };
}

const isBusinessDay = (weekday: number) => weekday >= 1 && weekday <= 5;

/** The wait added to `from`, skipping weekend days when a window applies. */
export function addWait(from: Date, waitMs: number, window: SendWindow | null): Date {
  if (!window) return new Date(from.getTime() + waitMs);
  let at = from.getTime();
  let remaining = waitMs;
  // Bounded: each turn ends a local day or the wait.
  for (let turns = 0; remaining > 0 && turns < 10_000; turns++) {
    const local = localParts(new Date(at), window.timeZone);
    const step = Math.min(local.toMidnightMs, isBusinessDay(local.weekday) ? remaining : Infinity);
    at += step;
    if (isBusinessDay(local.weekday)) remaining -= step;
  }
  return new Date(at);
}

/** The first instant at or after `at` inside the window (a business day, within the hours). */
export function nextInWindow(at: Date, window: SendWindow | null): Date {
  if (!window) return at;
  let candidate = at.getTime();
  for (let day = 0; day < 14; day++) {
    const local = localParts(new Date(candidate), window.timeZone);
    if (isBusinessDay(local.weekday)) {
      if (local.minute >= window.startMinute && local.minute < window.endMinute) {
        return new Date(candidate);
      }
      if (local.minute < window.startMinute) {
        return new Date(
          candidate + (window.startMinute - local.minute) * 60_000 - secondsOf(candidate),
        );
      }
    }
    // After the hours or not a business day: try the next local midnight.
    candidate += local.toMidnightMs;
  }
  return new Date(at.getTime() + DAY_MS);
}

/** Seconds past the minute, so a window opening lands on its exact minute. */
const secondsOf = (ms: number) => ms % 60_000;
