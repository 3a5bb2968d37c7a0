import { createWriteStream, type WriteStream } from "node:fs";
import { once } from "node:events";
import { wallClockAsUtc, type Locale } from "@caresuite/domain";
import ExcelJS from "exceljs";
import type { CallView } from "../calls/calls.repo.ts";
import { CSV_BOM, CSV_LINE_END, csvCallLine, csvHeaderLine } from "../reports/report-csv.ts";
import { translateReport, type ReportMessageKey } from "../reports/report-messages.ts";

/** Writes one export file page by page; `close` finishes it (also after an abort: the caller removes it). */
export interface ExportWriter {
  rows(calls: readonly CallView[]): Promise<void>;
  close(): Promise<void>;
}

export interface WriterOptions {
  path: string;
  locale: Locale;
  timeZone: string;
}

async function write(out: WriteStream, text: string): Promise<void> {
  if (!out.write(text)) await once(out, "drain");
}

/** CSV with the report attachment's rules (docs/decisions/023): one CSV writer for both. */
export async function csvWriter(options: WriterOptions): Promise<ExportWriter> {
  const out = createWriteStream(options.path);
  await write(out, CSV_BOM + csvHeaderLine(options.locale) + CSV_LINE_END);
  return {
    async rows(calls) {
      let chunk = "";
      for (const call of calls) chunk += csvCallLine(call, options.locale, options.timeZone) + CSV_LINE_END;
      await write(out, chunk);
    },
    async close() {
      out.end();
      await once(out, "close");
    },
  };
}

type Cell = string | number | Date | null;
/** The CSV's columns; times as real dates (the system's wall clock: spreadsheets have no zones). */
const XLSX_COLUMNS: { label: ReportMessageKey; width: number; date?: boolean; value: (call: CallView, timeZone: string) => Cell }[] = [
  { label: "csv.opened_at", width: 20, date: true, value: (c, tz) => new Date(wallClockAsUtc(Date.parse(c.opened_at), tz)) },
  { label: "csv.closed_at", width: 20, date: true, value: (c, tz) => (c.closed_at ? new Date(wallClockAsUtc(Date.parse(c.closed_at), tz)) : null) },
  { label: "csv.duration", width: 10, value: (c) => c.duration },
  { label: "csv.call_type", width: 20, value: (c) => c.call_type?.name ?? c.call_type_text },
  { label: "csv.section", width: 20, value: (c) => c.section_name },
  { label: "csv.device", width: 30, value: (c) => c.device_text_long },
  { label: "csv.call_source", width: 20, value: (c) => c.call_source_text },
  { label: "csv.handled_by", width: 20, value: (c) => c.handled_by_app_username ?? "" },
  { label: "csv.closed_by", width: 20, value: (c) => c.manually_closed_by_username ?? "" },
];
/** spec data §9 formats, as an Excel number format. */
const XLSX_DATE_FORMAT = "dd.mm.yyyy hh:mm:ss";

/**
 * XLSX through exceljs' streaming writer: each row is committed (written out and released) as it
 * comes, so a big export never holds the workbook in memory. Texts are cell values, never
 * formulas (exceljs writes a string as a string), so the CSV's formula guard is not needed.
 */
export async function xlsxWriter(options: WriterOptions): Promise<ExportWriter> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: options.path, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(translateReport("report.file", options.locale), { views: [{ state: "frozen", ySplit: 1 }] });
  sheet.columns = XLSX_COLUMNS.map((c) => ({
    header: translateReport(c.label, options.locale),
    width: c.width,
    ...(c.date ? { style: { numFmt: XLSX_DATE_FORMAT } } : {}),
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  return {
    async rows(calls) {
      for (const call of calls) sheet.addRow(XLSX_COLUMNS.map((c) => c.value(call, options.timeZone))).commit();
    },
    async close() {
      sheet.commit();
      await workbook.commit();
    },
  };
}
