/**
 * Epoch milliseconds as ISO-8601 UTC text, as `Date#toISOString` writes them, but fast enough for
 * the flat tree: 20,000 nodes carry two instants each, and `toISOString` took about 100 ms of a
 * request for them. The date part is computed once per day and kept (a tree's instants fall on
 * few days); the time of day is plain arithmetic.
 */

const DAY_MS = 86_400_000;
const DAY_CACHE_MAX = 512;
const dayPrefixes = new Map<number, string>();

const pad2 = (n: number): string => (n < 10 ? `0${n}` : `${n}`);
const pad3 = (n: number): string => (n < 10 ? `00${n}` : n < 100 ? `0${n}` : `${n}`);

function dayPrefix(day: number): string {
  let prefix = dayPrefixes.get(day);
  if (prefix === undefined) {
    if (dayPrefixes.size >= DAY_CACHE_MAX) dayPrefixes.clear();
    prefix = new Date(day * DAY_MS).toISOString().slice(0, 11);
    dayPrefixes.set(day, prefix);
  }
  return prefix;
}

/** `null` stays null; anything outside the years 0000–9999 falls back to `toISOString`. */
export function isoInstant(ms: number | null): string | null {
  if (ms === null) return null;
  const value = Number(ms);
  if (!Number.isFinite(value)) return null;
  if (!Number.isInteger(value) || value < -62_167_219_200_000 || value > 253_402_300_799_999) return new Date(value).toISOString();
  const day = Math.floor(value / DAY_MS);
  let rest = value - day * DAY_MS;
  const hours = Math.floor(rest / 3_600_000);
  rest -= hours * 3_600_000;
  const minutes = Math.floor(rest / 60_000);
  rest -= minutes * 60_000;
  const seconds = Math.floor(rest / 1000);
  return `${dayPrefix(day)}${pad2(hours)}:${pad2(minutes)}:${pad2(seconds)}.${pad3(rest - seconds * 1000)}Z`;
}
