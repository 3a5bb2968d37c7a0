import { describe, expect, it } from "vitest";
import de from "../../../i18n/locales/log/de.json";
import { DEFAULT_LOG_FILTER } from "../log-filter";
import { emptyFilterValues, failureClassKey, filterFormErrors, filterInputOf, filterToValues, statusKey } from "./filter-form";

function deText(key: string): unknown {
  return key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], de);
}

describe("the saved filter form", () => {
  const values = { ...emptyFilterValues({ ...DEFAULT_LOG_FILTER, page: 3, sort: "DURATION" }), name: " Nacht " };

  it("starts from the log's filter without its sort and page", () => {
    expect(values.filter).toMatchObject({ sort: "OPENED_AT", direction: "DESC", page: 0 });
  });

  it("sends a trimmed name and the filter fields", () => {
    expect(filterInputOf(values)).toMatchObject({ name: "Nacht", shared: false, range: "HOURS_24", node_ids: [] });
  });

  it("round-trips a stored filter", () => {
    expect(filterToValues(filterInputOf(values))).toEqual({ ...values, name: "Nacht" });
  });

  it.each([
    ["a name is required", { ...values, name: "  " }, "name"],
    ["a custom period needs a start", { ...values, filter: { ...values.filter, period: "CUSTOM" as const, from: "", to: "2026-11-02" } }, "custom_from"],
    ["from must be before to", { ...values, filter: { ...values.filter, period: "CUSTOM" as const, from: "2026-11-02", to: "2026-11-01" } }, "custom_to"],
  ])("%s", (_name, input, field) => {
    expect(Object.keys(filterFormErrors(input))).toContain(field);
  });

  it("accepts a valid custom period", () => {
    expect(filterFormErrors({ ...values, filter: { ...values.filter, period: "CUSTOM", from: "2026-11-01", to: "2026-11-02" } })).toEqual({});
  });
});

describe("delivery texts", () => {
  it.each([
    ["smtp:timeout", "logFilters.failures.smtp_timeout"],
    ["smtp:not_configured", "logFilters.failures.smtp_not_configured"],
    ["access:filter_gone", "logFilters.failures.access"],
    ["interrupted", "logFilters.failures.interrupted"],
    ["Error: 550 mailbox unavailable at mx.example", "logFilters.failures.other"],
  ])("%s reads as a failure class, never the raw text", (error, key) => {
    expect(failureClassKey(error)).toBe(key);
    expect(typeof deText(key)).toBe("string");
  });

  it("no error, no text", () => {
    expect(failureClassKey(null)).toBeNull();
  });

  it.each(["ok", "sending", "retrying", "failed", "unknown", "weird"])("status %s has a German text", (status) => {
    expect(typeof deText(statusKey(status))).toBe("string");
  });
});
