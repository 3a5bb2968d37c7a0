/** Times of day as minutes since midnight (schedules, night and weekend windows, notes). */

/**
 * "HH:MM" (or minutes) → minutes since midnight. spec: "Time string HH:MM converts to a number".
 * The colon may be left out ("0800", "800"), as typed on a number pad.
 */
export function parseTimeOfDay(value: unknown): number | null {
  if (typeof value === "number" && Number.isInteger(value) && value >= 0 && value < 1440) return value;
  if (typeof value !== "string") return null;
  const match = /^(\d{1,2}):?(\d{2})$/.exec(value.trim());
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  return hours < 24 && minutes < 60 ? hours * 60 + minutes : null;
}

/** Minutes since midnight → "HH:MM". */
export function formatTimeOfDay(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}
