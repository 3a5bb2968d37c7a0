/** The largest unit that fits, as Intl.RelativeTimeFormat takes it. */
const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["day", 86_400_000],
  ["hour", 3_600_000],
  ["minute", 60_000],
  ["second", 1000],
];

/**
 * "vor 5 Minuten" / "il y a 5 minutes": how long ago an instant was, in the UI language, for the
 * "last reported" tooltips. Under a minute reads as now; "" for an invalid date.
 */
export function relativeTime(iso: string, now: number, locale: string): string {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return "";
  const elapsed = Math.max(0, now - at);
  const format = new Intl.RelativeTimeFormat(locale, { numeric: "auto" });
  if (elapsed < 60_000) return format.format(0, "second");
  for (const [unit, ms] of UNITS) {
    if (elapsed >= ms) return format.format(-Math.floor(elapsed / ms), unit);
  }
  return format.format(0, "second");
}
