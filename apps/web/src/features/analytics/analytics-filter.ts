import { LOG_DATE_RANGES, type LogDateRange } from "@caresuite/domain";

/** What the analytics screen filters by (spec /analytics: time range, section, call type); it lives in the URL. */
export interface AnalyticsFilterState {
  range: LogDateRange;
  callTypeIds: number[];
  sectionIds: number[];
}

/** Not in the spec: the screen opens on the last 30 days, a month of a ward's calls (the server's default too). */
export const DEFAULT_ANALYTICS_FILTER: AnalyticsFilterState = { range: "DAYS_30", callTypeIds: [], sectionIds: [] };

function ids(value: string | null): number[] {
  if (!value) return [];
  const list = value
    .split(",")
    .filter((part) => /^\d{1,9}$/.test(part))
    .map(Number)
    .filter((n) => n > 0);
  return [...new Set(list)];
}

/** The filter of the URL (?range=DAYS_7&types=2,3&sections=1); anything unknown falls back to the default. */
export function analyticsFilterFromParams(params: URLSearchParams): AnalyticsFilterState {
  const range = params.get("range");
  return {
    range: range !== null && (LOG_DATE_RANGES as readonly string[]).includes(range) ? (range as LogDateRange) : DEFAULT_ANALYTICS_FILTER.range,
    callTypeIds: ids(params.get("types")),
    sectionIds: ids(params.get("sections")),
  };
}

/** The URL of a filter: only what differs from the default. */
export function analyticsFilterToParams(filter: AnalyticsFilterState): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.range !== DEFAULT_ANALYTICS_FILTER.range) params.set("range", filter.range);
  if (filter.callTypeIds.length > 0) params.set("types", filter.callTypeIds.join(","));
  if (filter.sectionIds.length > 0) params.set("sections", filter.sectionIds.join(","));
  return params;
}

/** The server's AnalyticsFilter. */
export function analyticsFilterToQuery(filter: AnalyticsFilterState): { range: LogDateRange; call_type_ids: number[] | null; section_ids: number[] | null } {
  return {
    range: filter.range,
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
