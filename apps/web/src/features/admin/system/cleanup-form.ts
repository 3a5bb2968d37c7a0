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
