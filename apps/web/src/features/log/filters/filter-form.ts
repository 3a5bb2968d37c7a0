import { callFilterSchema, fieldErrors } from "@caresuite/domain";
import { firstFieldErrors, type FieldError } from "../../../api/errors";
import {
  DEFAULT_LOG_FILTER,
  logFilterToSavedFilter,
  savedFilterToLogFilter,
  type LogFilterState,
  type SavedCallFilter,
  type SavedCallFilterInput,
} from "../log-filter";

/** The saved filter form: a name, whether it is shared, and the log's own filter fields. */
export interface FilterFormValues {
  name: string;
  shared: boolean;
  filter: LogFilterState;
}

/** The inputs the form shows (their server errors go onto them, others into the callout). */
export const FILTER_FORM_FIELDS: ReadonlySet<string> = new Set([
  "name",
  "shared",
  "range",
  "custom_from",
  "custom_to",
  "call_type_ids",
  "section_ids",
  "node_ids",
  "state",
  "min_duration",
]);

export function emptyFilterValues(filter: LogFilterState = DEFAULT_LOG_FILTER): FilterFormValues {
  return { name: "", shared: false, filter: { ...filter, sort: DEFAULT_LOG_FILTER.sort, direction: DEFAULT_LOG_FILTER.direction, page: 0 } };
}

export function filterToValues(record: SavedCallFilter & { name: string; shared: boolean }): FilterFormValues {
  return { name: record.name, shared: record.shared, filter: savedFilterToLogFilter(record) };
}

/** CallFilterInput of the form's values. */
export function filterInputOf(values: FilterFormValues): SavedCallFilterInput & { name: string; shared: boolean } {
  return { name: values.name.trim(), shared: values.shared, ...logFilterToSavedFilter(values.filter) };
}

/** The client check: the server's own schema (name required, custom from before to, ...). */
export function filterFormErrors(values: FilterFormValues): Record<string, FieldError> {
  const parsed = callFilterSchema.safeParse(filterInputOf(values));
  return parsed.success ? {} : firstFieldErrors(fieldErrors(parsed.error));
}

/** Report kinds in the order they are shown (spec: daily 08:00, weekly Monday, monthly the 1st). */
export const REPORT_KIND_ORDER = ["daily", "weekly", "monthly"] as const;

/**
 * i18n key of a delivery failure class (server ReportSubscription.last_error: smtp:timeout, ...,
 * access:…, interrupted). The server's text itself is never shown: unknown classes read "other".
 */
export function failureClassKey(lastError: string | null | undefined): string | null {
  if (!lastError) return null;
  const known = ["smtp:timeout", "smtp:connection", "smtp:auth", "smtp:tls", "smtp:rejected", "smtp:not_configured", "interrupted"];
  if (known.includes(lastError)) return `logFilters.failures.${lastError.replace(":", "_")}`;
  if (lastError.startsWith("access:")) return "logFilters.failures.access";
  return "logFilters.failures.other";
}

/** i18n key of a subscription's delivery status (ok, sending, retrying, failed, unknown). */
export function statusKey(status: string): string {
  return ["ok", "sending", "retrying", "failed", "unknown"].includes(status) ? `logFilters.status.${status}` : "logFilters.status.unknown";
}
