import { createWriteStream, type WriteStream } from "node:fs";
import { once } from "node:events";
import { setImmediate as yieldToLoop } from "node:timers/promises";
import { formatZonedDateTime, wallClockAsUtc, type Locale } from "@caresuite/domain";
import type { CallView } from "../calls/calls.repo.ts";
import { CSV_BOM, CSV_LINE_END, csvCallLine, csvHeaderLine } from "../reports/report-csv.ts";
import { translateReport, type ReportMessageKey } from "../reports/report-messages.ts";

/** Writes one export file page by page; `close` finishes it (also after an abort: the caller removes it). */
export interface ExportWriter<T> {
  rows(items: readonly T[]): Promise<void>;
  close(): Promise<void>;
}

export interface WriterOptions {
  path: string;
  locale: Locale;
  timeZone: string;
}

export type Cell = string | number | Date | null;

/** One column of an export, as each format writes it. */
export interface ExportColumn<T> {
  label: ReportMessageKey;
  /** XLSX width in characters. */
  width: number;
  /** PDF width in points: A4 landscape is 842 wide, 770 inside the margins. */
  pdf: number;
  /** An XLSX date cell (spec data §9 formats as an Excel number format). */
  date?: boolean;
  /** The XLSX cell: real dates and numbers. */
  cell: (row: T, timeZone: string) => Cell;
  /** The PDF's text. */
  text: (row: T, timeZone: string) => string;
}

/**
 * What an export source writes (docs/decisions/037-system-tree-export.md): its columns, its CSV
 * lines, the sheet name, the PDF's title and the "n rows" footer text.
 */
export interface ExportTable<T> {
  columns: readonly ExportColumn<T>[];
  csvHeader(locale: Locale): string;
  csvLine(row: T, locale: Locale, timeZone: string): string;
  sheet: ReportMessageKey;
  title: ReportMessageKey;
  /** Takes {count} and {created}. */
  rowsText: ReportMessageKey;
}

/**
 * Rows laid out between two turns of the event loop: a page of 2,000 calls as one synchronous
 * run held the loop for seconds in the PDF (bench/exports.ts), so the writers yield in slices.
 */
const SLICE = { CSV: 500, XLSX: 200, PDF: 50 } as const;

async function write(out: WriteStream, text: string): Promise<void> {
  if (!out.write(text)) await once(out, "drain");
}

/** CSV with the report attachment's rules (docs/decisions/023): one CSV writer for both. */
export async function csvWriter<T>(options: WriterOptions, table: ExportTable<T>): Promise<ExportWriter<T>> {
  const out = createWriteStream(options.path);
  await write(out, CSV_BOM + table.csvHeader(options.locale) + CSV_LINE_END);
  return {
    async rows(items) {
      for (let i = 0; i < items.length; i += SLICE.CSV) {
        let chunk = "";
        for (const item of items.slice(i, i + SLICE.CSV)) chunk += table.csvLine(item, options.locale, options.timeZone) + CSV_LINE_END;
        await write(out, chunk);
        await yieldToLoop();
      }
    },
    async close() {
      out.end();
      await once(out, "close");
    },
  };
}

const zonedText = (iso: string | null, timeZone: string): string => (iso ? formatZonedDateTime(Date.parse(iso), timeZone) : "");

/** The call log's columns (the report CSV's); times as real dates in the system's wall clock (spreadsheets have no zones). */
export const CALL_LOG_TABLE: ExportTable<CallView> = {
  columns: [
    {
      label: "csv.opened_at",
      width: 20,
      pdf: 78,
      date: true,
      cell: (c, tz) => new Date(wallClockAsUtc(Date.parse(c.opened_at), tz)),
      text: (c, tz) => zonedText(c.opened_at, tz),
    },
    {
      label: "csv.closed_at",
      width: 20,
      pdf: 78,
      date: true,
      cell: (c, tz) => (c.closed_at ? new Date(wallClockAsUtc(Date.parse(c.closed_at), tz)) : null),
      text: (c, tz) => zonedText(c.closed_at, tz),
    },
    { label: "csv.duration", width: 10, pdf: 44, cell: (c) => c.duration, text: (c) => (c.duration === null ? "" : String(c.duration)) },
    { label: "csv.call_type", width: 20, pdf: 90, cell: (c) => c.call_type?.name ?? c.call_type_text, text: (c) => c.call_type?.name ?? c.call_type_text },
    { label: "csv.section", width: 20, pdf: 90, cell: (c) => c.section_name, text: (c) => c.section_name },
    { label: "csv.device", width: 30, pdf: 150, cell: (c) => c.device_text_long, text: (c) => c.device_text_long },
    { label: "csv.call_source", width: 20, pdf: 90, cell: (c) => c.call_source_text, text: (c) => c.call_source_text },
    { label: "csv.handled_by", width: 20, pdf: 75, cell: (c) => c.handled_by_app_username ?? "", text: (c) => c.handled_by_app_username ?? "" },
    { label: "csv.closed_by", width: 20, pdf: 75, cell: (c) => c.manually_closed_by_username ?? "", text: (c) => c.manually_closed_by_username ?? "" },
  ],
  csvHeader: csvHeaderLine,
  csvLine: csvCallLine,
  sheet: "report.file",
  title: "export.title",
  rowsText: "export.rows",
};
/** spec data §9 formats, as an Excel number format. */
const XLSX_DATE_FORMAT = "dd.mm.yyyy hh:mm:ss";

/**
 * XLSX through exceljs' streaming writer: each row is committed (written out and released) as it
 * comes, so a big export never holds the workbook in memory. Texts are cell values, never
 * formulas (exceljs writes a string as a string), so the CSV's formula guard is not needed.
 */
export async function xlsxWriter<T>(options: WriterOptions, table: ExportTable<T>): Promise<ExportWriter<T>> {
  // exceljs and pdfkit load with the first export of their format: together they add ~0.7 s to
  // every server start (bench/skeleton.ts "cold start").
  const { default: ExcelJS } = await import("exceljs");
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: options.path, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(translateReport(table.sheet, options.locale), { views: [{ state: "frozen", ySplit: 1 }] });
  sheet.columns = table.columns.map((c) => ({
    header: translateReport(c.label, options.locale),
    width: c.width,
    ...(c.date ? { style: { numFmt: XLSX_DATE_FORMAT } } : {}),
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  return {
    async rows(items) {
      for (let i = 0; i < items.length; i++) {
        const item = items[i] as T;
        sheet.addRow(table.columns.map((c) => c.cell(item, options.timeZone))).commit();
        if ((i + 1) % SLICE.XLSX === 0) await yieldToLoop();
      }
    },
    async close() {
      sheet.commit();
      await workbook.commit();
    },
  };
}

/** What the PDF's first page says about the export: lines under the title, and when it was made. */
export interface PdfHeader {
  lines: readonly string[];
  created: number;
}

const PDF_MARGIN = 36;
const PDF_FONT_SIZE = 8;
const PDF_ROW = 12;

/** What the call log export's first page says: the instants the period resolved to (ISO; null = open) and the filter. */
export function callLogHeaderLines(
  period: { from: string | null; to: string | null },
  filter: Record<string, unknown>,
  locale: Locale,
  timeZone: string,
): string[] {
  const zoned = (iso: string | null, open: ReportMessageKey): string => (iso ? formatZonedDateTime(Date.parse(iso), timeZone) : translateReport(open, locale));
  return [
    translateReport("export.period", locale, { from: zoned(period.from, "export.since_beginning"), to: zoned(period.to, "export.now"), timezone: timeZone }),
    translateReport("export.filter", locale, { filter: filterText(filter, locale) }),
  ];
}

function filterText(filter: Record<string, unknown>, locale: Locale): string {
  const parts = Object.entries(filter)
    .filter(([key, value]) => value !== null && value !== undefined && key !== "from" && key !== "to" && !(Array.isArray(value) && value.length === 0))
    .map(([key, value]) => `${key}=${Array.isArray(value) ? value.join(",") : String(value)}`);
  return parts.length > 0 ? parts.join(", ") : translateReport("export.no_filter", locale);
}

/**
 * PDF through pdfkit: A4 landscape, the title, period and filter on page one, a header row on
 * every page, page numbers "page x of y" in the footer. The pages are buffered until the end for
 * the "of y" (a PDF holds at most EXPORT_MAX_ROWS.PDF rows, about 250 pages); the document
 * streams to the file. Standard Helvetica (WinAnsi: the Latin letters of de/en/fr/it).
 */
export async function pdfWriter<T>(options: WriterOptions & { header: PdfHeader }, table: ExportTable<T>): Promise<ExportWriter<T>> {
  const { locale, timeZone, header } = options;
  const { default: PDFDocument } = await import("pdfkit");
  const doc = new PDFDocument({
    size: "A4",
    layout: "landscape",
    margin: PDF_MARGIN,
    bufferPages: true,
    info: { Title: translateReport(table.title, locale) },
  });
  const out = createWriteStream(options.path);
  doc.pipe(out);
  doc.font("Helvetica");
  const bottom = doc.page.height - PDF_MARGIN - PDF_ROW * 2;
  let count = 0;

  const line = (cells: string[], bold = false): void => {
    if (doc.y + PDF_ROW > bottom) {
      doc.addPage();
      tableHeader();
    }
    const y = doc.y;
    doc.font(bold ? "Helvetica-Bold" : "Helvetica").fontSize(PDF_FONT_SIZE);
    let x = PDF_MARGIN;
    cells.forEach((text, i) => {
      const width = table.columns[i]?.pdf ?? 60;
      doc.text(text, x, y, { width: width - 4, height: PDF_ROW, lineBreak: false, ellipsis: true });
      x += width;
    });
    doc.x = PDF_MARGIN;
    doc.y = y + PDF_ROW;
  };
  const tableHeader = (): void =>
    line(
      table.columns.map((c) => translateReport(c.label, locale)),
      true,
    );

  doc.font("Helvetica-Bold").fontSize(14).text(translateReport(table.title, locale));
  doc.font("Helvetica").fontSize(9);
  for (const text of header.lines) doc.text(text);
  doc.moveDown();
  tableHeader();

  return {
    async rows(items) {
      for (const item of items) {
        line(table.columns.map((c) => c.text(item, timeZone)));
        count += 1;
        if (count % SLICE.PDF === 0) await yieldToLoop();
      }
    },
    async close() {
      const pages = doc.bufferedPageRange();
      for (let i = 0; i < pages.count; i++) {
        doc.switchToPage(pages.start + i);
        const footer = i === 0 ? `${translateReport(table.rowsText, locale, { count, created: formatZonedDateTime(header.created, timeZone) })}   ·   ` : "";
        doc
          .font("Helvetica")
          .fontSize(PDF_FONT_SIZE)
          .text(footer + translateReport("export.page", locale, { page: i + 1, pages: pages.count }), PDF_MARGIN, doc.page.height - PDF_MARGIN - PDF_ROW, {
            width: doc.page.width - 2 * PDF_MARGIN,
            align: "right",
            lineBreak: false,
          });
        if ((i + 1) % 10 === 0) await yieldToLoop();
      }
      doc.end();
      await once(out, "close");
    },
  };
}
