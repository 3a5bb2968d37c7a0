import { describe, expect, it } from "vitest";
import { callFilterSchema, reportSubscriptionSchema } from "./call-filter-schema.ts";
import { fieldErrors } from "./field-errors.ts";

const firstMessages = (input: unknown): Record<string, string> => {
  const parsed = callFilterSchema.safeParse(input);
  if (parsed.success) return {};
  return Object.fromEntries(Object.entries(fieldErrors(parsed.error)).map(([field, errors]) => [field, errors[0]?.message ?? ""]));
};

const valid = { name: "Nachtrufe", range: "DAYS_7" };

// spec data §3.4 "Saved call filter: name, time range, report kinds daily/weekly/monthly"; §9 "Log
// date ranges: 1, 12, 24 hours, 7, 14, 30 days, yesterday, day before yesterday, this year, last
// year, since beginning"; §5 "required", "date_after: start date must be before end date".
describe("callFilterSchema", () => {
  it.each<[string, unknown, Record<string, string>]>([
    ["a name and a log date range", valid, {}],
    ["every range of the spec", { ...valid, range: "SINCE_BEGINNING" }, {}],
    ["name required", { ...valid, name: "  " }, { name: "validation.required" }],
    ["an unknown range", { ...valid, range: "fortnight" }, { range: "validation.one_option_required" }],
    ["custom needs from and to", { ...valid, range: "CUSTOM" }, { custom_from: "validation.required", custom_to: "validation.required" }],
    [
      "custom from before to",
      { ...valid, range: "CUSTOM", custom_from: "2026-03-02T00:00:00Z", custom_to: "2026-03-01T00:00:00Z" },
      { custom_to: "validation.date_after" },
    ],
    ["an unknown state", { ...valid, state: "pending" }, { state: "validation.one_option_required" }],
    ["minimum duration is seconds within a week", { ...valid, min_duration: 700_000 }, { min_duration: "validation.between" }],
    ["ids are positive integers", { ...valid, call_type_ids: [1, -2] }, { "call_type_ids.1": "validation.numeric" }],
    ["no unknown fields", { ...valid, owner_user_id: 3 }, { _form: "validation.invalid" }],
  ])("%s", (_name, input, expected) => {
    const messages = firstMessages(input);
    expect(Object.keys(messages).sort()).toEqual(Object.keys(expected).sort());
    for (const [field, message] of Object.entries(expected)) if (field !== "_form") expect(messages[field]).toBe(message);
  });
});

describe("reportSubscriptionSchema", () => {
  it("spec data §3.1 'Report period: Daily, Monthly, Weekly': other kinds are refused", () => {
    expect(reportSubscriptionSchema.safeParse({ filter_id: 1, user_id: 1, kind: "hourly", emails: ["a@example.org"] }).success).toBe(false);
    expect(reportSubscriptionSchema.safeParse({ filter_id: 1, user_id: 1, kind: "monthly", emails: ["a@example.org"] }).success).toBe(true);
  });
});
