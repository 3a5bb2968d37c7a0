import { INCIDENT_FILTERS, type IncidentFilter, type IncidentSeverity, type IncidentStatus } from "@caresuite/domain";

/** The list's filter lives in the URL (`?filter=`); the default is Open (what still needs someone). */
export const DEFAULT_INCIDENT_FILTER: IncidentFilter = "Open";

export function incidentFilterFromParams(params: URLSearchParams): IncidentFilter {
  const value = params.get("filter");
  return INCIDENT_FILTERS.find((filter) => filter === value) ?? DEFAULT_INCIDENT_FILTER;
}

/** The query string for a filter; the default leaves it out, so /analytics/incidents is the Open list. */
export function incidentFilterToParams(filter: IncidentFilter, params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  // Another filter is another list: it starts on its first page.
  next.delete("page");
  if (filter === DEFAULT_INCIDENT_FILTER) next.delete("filter");
  else next.set("filter", filter);
  return next;
}

/** Incidents per page of the list (docs/decisions/035: All and Settled grow with time). */
export const INCIDENTS_PAGE_SIZE = 50;
const MAX_PAGE = 10_000;

/** The list's page in the URL (?page=2), 1 when missing or not a page number. */
export function incidentPageFromParams(params: URLSearchParams): number {
  const value = params.get("page") ?? "";
  const page = /^\d{1,5}$/.test(value) ? Number(value) : 1;
  return page >= 1 && page <= MAX_PAGE ? page : 1;
}

/** The query string for a page; page 1 leaves it out. */
export function incidentPageToParams(page: number, params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  if (page <= 1) next.delete("page");
  else next.set("page", String(Math.min(page, MAX_PAGE)));
  return next;
}

/**
 * Severity colours as the board's call types use them (IEC 60601-1-8: red for what needs action
 * now, yellow for a warning); badges always carry the word too (colour is never the only cue).
 */
export function severityColor(severity: IncidentSeverity): string {
  return severity === "Critical" ? "red" : severity === "Warning" ? "yellow" : "blue";
}

/** The badge variant whose text keeps at least 4.5:1 contrast on its fill (yellow needs dark text). */
export function severityTextColor(severity: IncidentSeverity): string | undefined {
  return severity === "Warning" ? "dark" : undefined;
}

export function statusColor(status: IncidentStatus): string {
  return status === "New" ? "red" : status === "Assigned" ? "blue" : "gray";
}
