/** The cleanup form's pure parts (docs/decisions/044-cleanup-logs-maintenance.md). */
export interface CleanupKinds {
  calls: boolean;
  audit: boolean;
  exports: boolean;
}

/** The start of a local day (yyyy-MM-dd) as ms since the epoch; null when the text is no date. */
export function startOfLocalDay(day: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  if (date.getFullYear() !== Number(match[1]) || date.getMonth() !== Number(match[2]) - 1 || date.getDate() !== Number(match[3])) return null;
  return date.getTime();
}

/** yyyy-MM-dd of a local date: the date input's value. */
export function localDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The default cutoff: the same day a year ago. */
export function defaultCutoff(now: Date): string {
  return localDay(new Date(now.getFullYear() - 1, now.getMonth(), now.getDate()));
}

/** The picker's display format (spec §9 "dd.MM.yyyy" in every language). */
export const CLEANUP_DATE_FORMAT = "DD.MM.YYYY";

/** A typed "dd.MM.yyyy" as the picker's "YYYY-MM-DD"; null when it is no date. */
export function parseTypedDay(value: string): string | null {
  const match = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(value.trim());
  if (!match) return null;
  const day = `${match[3]}-${match[2]?.padStart(2, "0")}-${match[1]?.padStart(2, "0")}`;
  return startOfLocalDay(day) === null ? null : day;
}
