/**
 * The wall clock of an instant in an IANA time zone, through the Intl API (no time-zone library):
 * the call log's periods and the reports' send times are local times of the system's zone
 * (system parameter `timezone`).
 */

/** A wall-clock date and time in a zone; month 1–12. */
export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let made = formatters.get(timeZone);
  if (!made) {
    made = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    formatters.set(timeZone, made);
  }
  return made;
}

/** True when the Intl API knows the zone (a system parameter could hold anything). */
export function isKnownTimeZone(timeZone: string): boolean {
  try {
    formatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The wall clock of an instant in a zone. */
export function wallClock(at: number, timeZone: string): WallClock {
  const parts: Record<string, number> = {};
  for (const part of formatter(timeZone).formatToParts(new Date(at))) if (part.type !== "literal") parts[part.type] = Number(part.value);
  return {
    year: parts["year"] ?? 1970,
    month: parts["month"] ?? 1,
    day: parts["day"] ?? 1,
    hour: parts["hour"] ?? 0,
    minute: parts["minute"] ?? 0,
    second: parts["second"] ?? 0,
  };
}
