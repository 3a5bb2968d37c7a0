import { formatZonedDateTime, type Locale } from "@caresuite/domain";
import type { CallView } from "../calls/calls.repo.ts";
import { translateReport, type ReportMessageKey } from "./report-messages.ts";

/**
 * The report's CSV (docs/decisions/023-saved-call-filters-and-reports.md): UTF-8 with a BOM (Excel
 * then reads umlauts right), a header row, one call per row, oldest first, times as
 * dd.MM.yyyy HH:mm:ss in the system's zone (spec data §9 formats), durations as whole seconds
 * (a number Excel can sum). Separator: ";" for de, fr and it (Excel's list separator in those
 * regions, where "," is the decimal mark), "," for en. No "sep=" line: Excel ignores the BOM
 * when one is present.
 */
export const CSV_BOM = "\uFEFF";

export function csvSeparator(locale: Locale): string {
  return locale === "en" ? "," : ";";
}

const COLUMNS: { label: ReportMessageKey; value: (call: CallView, timeZone: string) => string | number }[] = [
  { label: "csv.opened_at", value: (c, tz) => formatZonedDateTime(Date.parse(c.opened_at), tz) },
  { label: "csv.closed_at", value: (c, tz) => (c.closed_at ? formatZonedDateTime(Date.parse(c.closed_at), tz) : "") },
  { label: "csv.duration", value: (c) => c.duration },
  { label: "csv.call_type", value: (c) => c.call_type?.name ?? c.call_type_text },
  { label: "csv.section", value: (c) => c.section_name },
  { label: "csv.device", value: (c) => c.device_text_long },
  { label: "csv.call_source", value: (c) => c.call_source_text },
  { label: "csv.handled_by", value: (c) => c.handled_by_app_username ?? "" },
  { label: "csv.closed_by", value: (c) => c.manually_closed_by_username ?? "" },
];

/** One cell: quoted when it holds the separator, a quote or a line break; texts that a spreadsheet would run as a formula get a leading apostrophe. */
export function csvCell(value: string | number, separator: string): string {
  if (typeof value === "number") return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return safe.includes(separator) || /["\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** The header line (without line end), in the reader's language. Shared with the call log export (modules/exports). */
export function csvHeaderLine(locale: Locale): string {
  const separator = csvSeparator(locale);
  return COLUMNS.map((c) => csvCell(translateReport(c.label, locale), separator)).join(separator);
}

/** One call's line (without line end): times in the system's zone. */
export function csvCallLine(call: CallView, locale: Locale, timeZone: string): string {
  const separator = csvSeparator(locale);
  return COLUMNS.map((c) => csvCell(c.value(call, timeZone), separator)).join(separator);
}

/** CRLF: RFC 4180 and what Excel writes. */
export const CSV_LINE_END = "\r\n";

export function reportCsv(calls: readonly CallView[], locale: Locale, timeZone: string): Buffer {
  const lines = [csvHeaderLine(locale)];
  for (const call of calls) lines.push(csvCallLine(call, locale, timeZone));
  return Buffer.from(CSV_BOM + lines.join(CSV_LINE_END) + CSV_LINE_END, "utf8");
}
