import { LOG_DATE_RANGES, type LogDateRange } from "@caresuite/domain";

/** The server's whitelisted sorts (docs/call-log.md, CallLogSort). */
export const LOG_SORTS = ["OPENED_AT", "CLOSED_AT", "DURATION", "RESPONSE_TIME", "CALL_TYPE", "NODE", "SECTION"] as const;
export type LogSort = (typeof LOG_SORTS)[number];
export const LOG_STATES = ["ALL", "OPEN", "CLOSED"] as const;
export type LogState = (typeof LOG_STATES)[number];
export type LogDirection = "ASC" | "DESC";
/** A named period (spec §9) or a custom from–to. */
export type LogPeriod = LogDateRange | "CUSTOM";
export const LOG_PERIODS: readonly LogPeriod[] = [...LOG_DATE_RANGES, "CUSTOM"];

/** Calls per page of the list. */
export const LOG_PAGE_SIZE = 50;

/** What the screen filters by; every field lives in the URL so a reload or a shared link keeps it. */
export interface LogFilterState {
  period: LogPeriod;
  /** Custom period: local dates YYYY-MM-DD as typed (the server validates them). */
  from: string;
  to: string;
  callTypeIds: number[];
  sectionIds: number[];
  /** Nodes of any kind: every device of their subtrees. */
  nodeIds: number[];
  state: LogState;
  /** Minimum duration in minutes; null: any. */
  minDurationMinutes: number | null;
  sort: LogSort;
  direction: LogDirection;
  /** 0-based page. */
  page: number;
}

/**
 * Not in the spec: the screen opens on the last 24 hours, the period a ward looks back on; the
 * server's own default (since beginning) counts a year of calls for nothing.
 */
export const DEFAULT_LOG_FILTER: LogFilterState = {
  period: "HOURS_24",
  from: "",
  to: "",
  callTypeIds: [],
  sectionIds: [],
  nodeIds: [],
  state: "ALL",
  minDurationMinutes: null,
  sort: "OPENED_AT",
  direction: "DESC",
  page: 0,
};

function oneOf<T extends string>(values: readonly T[], value: string | null, fallback: T): T {
  return value !== null && (values as readonly string[]).includes(value) ? (value as T) : fallback;
}

function positiveInt(value: string | null): number | null {
  if (value === null || !/^\d{1,9}$/.test(value)) return null;
  const n = Number(value);
  return n > 0 ? n : null;
}

function idList(value: string | null): number[] {
  if (!value) return [];
  const ids = value.split(",").map((part) => positiveInt(part.trim()));
  return [...new Set(ids.filter((id): id is number => id !== null))];
}

/** Reads the filter from the URL; anything unknown or malformed falls back to the default. */
export function filterFromParams(params: URLSearchParams): LogFilterState {
  const d = DEFAULT_LOG_FILTER;
  const period = oneOf(LOG_PERIODS, params.get("period"), d.period);
  const minutes = params.get("min");
  return {
    period,
    // Kept as typed (also when malformed): the server's per-field error says what is wrong.
    from: period === "CUSTOM" ? (params.get("from") ?? "").slice(0, 40) : "",
    to: period === "CUSTOM" ? (params.get("to") ?? "").slice(0, 40) : "",
    callTypeIds: idList(params.get("types")),
    sectionIds: idList(params.get("sections")),
    // `node` (one id) is how other screens link to one node's calls.
    nodeIds: idList(params.get("nodes") ?? params.get("node")),
    state: oneOf(LOG_STATES, params.get("state"), d.state),
    minDurationMinutes: minutes === "0" ? null : positiveInt(minutes),
    sort: oneOf(LOG_SORTS, params.get("sort"), d.sort),
    direction: oneOf(["ASC", "DESC"] as const, params.get("dir"), d.direction),
    page: (positiveInt(params.get("page")) ?? 1) - 1,
  };
}

/** Writes the filter as URL parameters; defaults are left out so the plain /log stays plain. */
export function filterToParams(filter: LogFilterState): URLSearchParams {
  const d = DEFAULT_LOG_FILTER;
  const params = new URLSearchParams();
  if (filter.period !== d.period) params.set("period", filter.period);
  if (filter.period === "CUSTOM") {
    if (filter.from) params.set("from", filter.from);
    if (filter.to) params.set("to", filter.to);
  }
  if (filter.callTypeIds.length) params.set("types", filter.callTypeIds.join(","));
  if (filter.sectionIds.length) params.set("sections", filter.sectionIds.join(","));
  if (filter.nodeIds.length) params.set("nodes", filter.nodeIds.join(","));
  if (filter.state !== d.state) params.set("state", filter.state);
  if (filter.minDurationMinutes !== null) params.set("min", String(filter.minDurationMinutes));
  if (filter.sort !== d.sort) params.set("sort", filter.sort);
  if (filter.direction !== d.direction) params.set("dir", filter.direction);
  if (filter.page > 0) params.set("page", String(filter.page + 1));
  return params;
}

/** The server's CallLogFilter for one page of the list. */
export interface CallLogFilterInput {
  range?: LogDateRange;
  from?: string;
  to?: string;
  call_type_ids?: number[];
  section_ids?: number[];
  node_ids?: number[];
  state: LogState;
  min_duration_seconds?: number;
  sort: LogSort;
  direction: LogDirection;
  offset: number;
  limit: number;
  with_total: boolean;
}

export function filterToQuery(filter: LogFilterState, pageSize = LOG_PAGE_SIZE): CallLogFilterInput {
  const input: CallLogFilterInput = {
    state: filter.state,
    sort: filter.sort,
    direction: filter.direction,
    offset: filter.page * pageSize,
    limit: pageSize,
    // The count is asked on every page: the pager needs it, and it is capped (docs/call-log.md).
    with_total: true,
  };
  if (filter.period === "CUSTOM") {
    if (filter.from) input.from = filter.from;
    if (filter.to) input.to = filter.to;
  } else input.range = filter.period;
  if (filter.callTypeIds.length) input.call_type_ids = filter.callTypeIds;
  if (filter.sectionIds.length) input.section_ids = filter.sectionIds;
  if (filter.nodeIds.length) input.node_ids = filter.nodeIds;
  if (filter.minDurationMinutes !== null) input.min_duration_seconds = filter.minDurationMinutes * 60;
  return input;
}

/** A changed filter starts again on the first page; changing only the page keeps the rest. */
export function withChange(filter: LogFilterState, change: Partial<LogFilterState>): LogFilterState {
  const next = { ...filter, ...change };
  if (!("page" in change)) next.page = 0;
  return next;
}

/** A click on a column header: the same column flips its direction, another starts descending. */
export function sortBy(filter: LogFilterState, sort: LogSort): LogFilterState {
  const direction: LogDirection = filter.sort === sort && filter.direction === "DESC" ? "ASC" : "DESC";
  return withChange(filter, { sort, direction });
}

/** i18n key of a period's label. */
export function periodLabelKey(period: LogPeriod): string {
  return `log.periods.${period}`;
}

/** Pages the pager offers: from the (capped) total; when capped, one beyond the last counted. */
export function pageCount(total: number | null, capped: boolean, pageSize = LOG_PAGE_SIZE): number {
  if (total === null) return 1;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return capped ? pages + 1 : pages;
}

/** "mm:ss" (minutes may exceed 59; hours as h:mm:ss) of a number of seconds; "–" for none. */
export function formatDuration(seconds: number | null): string {
  if (seconds === null) return "–";
  const s = Math.max(0, Math.floor(seconds));
  const hours = Math.floor(s / 3600);
  const mm = String(Math.floor((s % 3600) / 60)).padStart(2, "0");
  const ss = String(s % 60).padStart(2, "0");
  return hours > 0 ? `${hours}:${mm}:${ss}` : `${mm}:${ss}`;
}

/** The filter part of a saved call filter (server type CallFilter, docs/decisions/023). */
export interface SavedCallFilter {
  range: string;
  custom_from?: string | null;
  custom_to?: string | null;
  call_type_ids: readonly number[];
  section_ids: readonly number[];
  node_ids: readonly number[];
  state: string;
  /** Seconds; null or 0: no minimum. */
  min_duration?: number | null;
}

/** The same as sent in CallFilterInput (its lists are plain arrays). */
export type SavedCallFilterInput = SavedCallFilter & { call_type_ids: number[]; section_ids: number[]; node_ids: number[] };

/** A stored instant or date as the log's local date YYYY-MM-DD (what its date inputs hold). */
function localDate(value: string | null | undefined): string {
  if (!value) return "";
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const time = Date.parse(value);
  if (!Number.isFinite(time)) return "";
  const d = new Date(time);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
}

/**
 * A saved filter as the log's URL state ("apply"): its sort and page are the log's defaults. Minutes
 * round up, so applying
 * never shows calls shorter than the saved minimum.
 */
export function savedFilterToLogFilter(saved: SavedCallFilter): LogFilterState {
  const d = DEFAULT_LOG_FILTER;
  const period = oneOf(LOG_PERIODS, saved.range.toUpperCase(), d.period);
  const seconds = saved.min_duration ?? 0;
  return {
    ...d,
    period,
    from: period === "CUSTOM" ? localDate(saved.custom_from) : "",
    to: period === "CUSTOM" ? localDate(saved.custom_to) : "",
    callTypeIds: [...saved.call_type_ids],
    sectionIds: [...saved.section_ids],
    nodeIds: [...saved.node_ids],
    state: oneOf(LOG_STATES, saved.state.toUpperCase(), d.state),
    minDurationMinutes: seconds > 0 ? Math.ceil(seconds / 60) : null,
  };
}

/** The log's filter as the filter fields of CallFilterInput ("Save current filter"). */
export function logFilterToSavedFilter(filter: LogFilterState): SavedCallFilterInput {
  const custom = filter.period === "CUSTOM";
  return {
    range: filter.period,
    custom_from: custom && filter.from ? filter.from : null,
    custom_to: custom && filter.to ? filter.to : null,
    call_type_ids: [...filter.callTypeIds],
    section_ids: [...filter.sectionIds],
    node_ids: [...filter.nodeIds],
    state: filter.state,
    min_duration: filter.minDurationMinutes === null ? null : filter.minDurationMinutes * 60,
  };
}
