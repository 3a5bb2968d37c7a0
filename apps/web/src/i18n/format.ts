/**
 * Display formats of spec §9: "dd.MM.yyyy, HH:mm with optional seconds, week starts Monday,
 * German default, numbers de-CH. File sizes B, KB, MB, GB, TB in steps of 1024."
 * The same in every UI language, on purpose: the product is used in Switzerland where staff
 * read Swiss dates whatever language the screen is in. Local time throughout.
 */

import { FILE_SIZE_STEP, FILE_SIZE_UNITS, NUMBER_LOCALE, WEEK_STARTS_ON } from "@caresuite/domain";

export type DateInput = Date | number | string;

function toDate(value: DateInput): Date {
  return value instanceof Date ? value : new Date(value);
}

function pad2(value: number): string {
  return String(value).padStart(2, "0");
}

/** dd.MM.yyyy; an invalid date gives "" rather than "NaN.NaN.NaN". */
export function formatDate(value: DateInput): string {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return "";
  return `${pad2(date.getDate())}.${pad2(date.getMonth() + 1)}.${date.getFullYear()}`;
}

/** HH:mm, or HH:mm:ss with `seconds`. */
export function formatTime(value: DateInput, options: { seconds?: boolean } = {}): string {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return "";
  const base = `${pad2(date.getHours())}:${pad2(date.getMinutes())}`;
  return options.seconds ? `${base}:${pad2(date.getSeconds())}` : base;
}

/** dd.MM.yyyy HH:mm(:ss). */
export function formatDateTime(value: DateInput, options: { seconds?: boolean } = {}): string {
  const date = formatDate(value);
  return date ? `${date} ${formatTime(value, options)}` : "";
}

const numberFormats = new Map<string, Intl.NumberFormat>();

/** Numbers the Swiss way (1’234.5) regardless of UI language. */
export function formatNumber(value: number, options: Intl.NumberFormatOptions = {}): string {
  const cacheKey = JSON.stringify(options);
  let format = numberFormats.get(cacheKey);
  if (!format) {
    format = new Intl.NumberFormat(NUMBER_LOCALE, options);
    numberFormats.set(cacheKey, format);
  }
  return format.format(value);
}

/** 1536 -> "1.5 KB": steps of 1024, at most one decimal, whole bytes without one. */
export function formatFileSize(bytes: number): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= FILE_SIZE_STEP && unit < FILE_SIZE_UNITS.length - 1) {
    value /= FILE_SIZE_STEP;
    unit += 1;
  }
  const digits = unit === 0 ? 0 : 1;
  return `${formatNumber(value, { maximumFractionDigits: digits })} ${FILE_SIZE_UNITS[unit]}`;
}

/** Monday 00:00 local time of the week containing `value`. */
export function startOfWeek(value: DateInput): Date {
  const date = toDate(value);
  const start = new Date(date.getFullYear(), date.getMonth(), date.getDate());
  const offset = (start.getDay() - WEEK_STARTS_ON + 7) % 7;
  start.setDate(start.getDate() - offset);
  return start;
}
