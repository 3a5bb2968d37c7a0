import { analyticsPeriodErrors, LOG_DATE_RANGES, type LogDateRange } from "@caresuite/domain";

/** The named periods and a custom from–to (local dates, both included). */
export type AnalyticsRange = LogDateRange | "CUSTOM";
export const ANALYTICS_RANGES: readonly AnalyticsRange[] = [...LOG_DATE_RANGES, "CUSTOM"];

/** What the analytics screen filters by (spec /analytics: time range, section, call type); it lives in the URL. */
export interface AnalyticsFilterState {
  range: AnalyticsRange;
  /** The custom period's dates (YYYY-MM-DD); empty unless range is CUSTOM. */
  from: string;
  to: string;
  callTypeIds: number[];
  sectionIds: number[];
}

/** Not in the spec: the screen opens on the last 30 days, a month of a ward's calls (the server's default too). */
export const DEFAULT_ANALYTICS_FILTER: AnalyticsFilterState = { range: "DAYS_30", from: "", to: "", callTypeIds: [], sectionIds: [] };

/** The custom period's field errors (domain analyticsPeriodErrors); none for a named period. */
export function analyticsFilterErrors(filter: AnalyticsFilterState): ReturnType<typeof analyticsPeriodErrors> {
  return filter.range === "CUSTOM" ? analyticsPeriodErrors(filter.from, filter.to) : {};
}

function ids(value: string | null): number[] {
  if (!value) return [];
  const list = value
    .split(",")
    .filter((part) => /^\d{1,9}$/.test(part))
    .map(Number)
    .filter((n) => n > 0);
  return [...new Set(list)];
}

/**
 * The filter of the URL (?range=DAYS_7&types=2,3&sections=1, or ?from=2026-01-01&to=2026-03-31 for
 * a custom period); anything unknown falls back to the default.
 */
export function analyticsFilterFromParams(params: URLSearchParams): AnalyticsFilterState {
  const range = params.get("range");
  const from = (params.get("from") ?? "").slice(0, 10);
  const to = (params.get("to") ?? "").slice(0, 10);
  const custom = range === "CUSTOM" || from !== "" || to !== "";
  return {
    range: custom
      ? "CUSTOM"
      : range !== null && (LOG_DATE_RANGES as readonly string[]).includes(range)
        ? (range as LogDateRange)
        : DEFAULT_ANALYTICS_FILTER.range,
    from: custom ? from : "",
    to: custom ? to : "",
    callTypeIds: ids(params.get("types")),
    sectionIds: ids(params.get("sections")),
  };
}

/** The URL of a filter: only what differs from the default. */
export function analyticsFilterToParams(filter: AnalyticsFilterState): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.range === "CUSTOM") {
    if (filter.from === "" && filter.to === "") params.set("range", "CUSTOM");
    if (filter.from !== "") params.set("from", filter.from);
    if (filter.to !== "") params.set("to", filter.to);
  } else if (filter.range !== DEFAULT_ANALYTICS_FILTER.range) params.set("range", filter.range);
  if (filter.callTypeIds.length > 0) params.set("types", filter.callTypeIds.join(","));
  if (filter.sectionIds.length > 0) params.set("sections", filter.sectionIds.join(","));
  return params;
}

/** The server's AnalyticsFilter. */
export function analyticsFilterToQuery(filter: AnalyticsFilterState): {
  range: LogDateRange | null;
  from: string | null;
  to: string | null;
  call_type_ids: number[] | null;
  section_ids: number[] | null;
} {
  const custom = filter.range === "CUSTOM";
  return {
    range: custom ? null : (filter.range as LogDateRange),
    from: custom ? filter.from : null,
    to: custom ? filter.to : null,
    call_type_ids: filter.callTypeIds.length > 0 ? filter.callTypeIds : null,
    section_ids: filter.sectionIds.length > 0 ? filter.sectionIds : null,
  };
}

/** A response time for people: "45 s", "2:05 min", "1:02:00 h"; "–" when there is none. */
export function formatSeconds(seconds: number | null): string {
  if (seconds === null) return "–";
  const s = Math.max(0, Math.floor(seconds));
  if (s < 60) return `${s} s`;
  const hours = Math.floor(s / 3600);
  const mm = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, "0");
  return hours > 0 ? `${hours}:${String(mm).padStart(2, "0")}:${ss} h` : `${mm}:${ss} min`;
}

/** The shade (0–4) of a heat map cell: its share of the busiest cell, in five steps; 0 only for no calls. */
export function heatLevel(value: number, max: number): number {
  if (value <= 0 || max <= 0) return 0;
  return Math.min(4, Math.max(1, Math.ceil((value / max) * 4)));
}
