import { z } from "zod";
import { LOG_DATE_RANGES } from "./rules/log-date-ranges.ts";
import { REPORT_KINDS } from "./rules/report-schedule.ts";
import { VALIDATION_KEYS, requiredOr, requiredString } from "./validation-messages.ts";

/** spec data §3.4 "Saved call filter: name, time range, report kinds daily/weekly/monthly." */
export const CALL_FILTER_STATES = ["ALL", "OPEN", "CLOSED"] as const;
export type CallFilterState = (typeof CALL_FILTER_STATES)[number];

/** A saved filter's time range: one of the call log's (spec §9) or a custom from/to. */
export const CALL_FILTER_RANGES = [...LOG_DATE_RANGES, "CUSTOM"] as const;
export type CallFilterRange = (typeof CALL_FILTER_RANGES)[number];

/** The most ids a saved filter holds per list (call types, sections, nodes). */
export const CALL_FILTER_LIST_MAX = 500;
const ids = z
  .array(z.number({ error: VALIDATION_KEYS.numeric }).int({ error: VALIDATION_KEYS.numeric }).positive({ error: VALIDATION_KEYS.numeric }))
  .max(CALL_FILTER_LIST_MAX);
const instant = z
  .string({ error: VALIDATION_KEYS.format })
  .refine((v) => Number.isFinite(Date.parse(v)), { error: VALIDATION_KEYS.format, params: { format: "ISO 8601" } });

/** Create/update input of a saved call filter; the ids are checked against the system on the server. */
export const callFilterSchema = z
  .object({
    name: requiredString().max(100, { error: VALIDATION_KEYS.max_length }),
    shared: z.boolean().default(false),
    range: z.enum(CALL_FILTER_RANGES, { error: requiredOr(VALIDATION_KEYS.one_option_required) }),
    custom_from: instant.nullish(),
    custom_to: instant.nullish(),
    call_type_ids: ids.default([]),
    section_ids: ids.default([]),
    node_ids: ids.default([]),
    state: z.enum(CALL_FILTER_STATES, { error: VALIDATION_KEYS.one_option_required }).default("ALL"),
    /** Minimum call duration in seconds; null or 0 = no minimum. */
    min_duration: z
      .number({ error: VALIDATION_KEYS.numeric })
      .int({ error: VALIDATION_KEYS.numeric })
      .refine((v) => v >= 0 && v <= 604_800, { error: VALIDATION_KEYS.between, params: { min: 0, max: 604_800 } })
      .nullish(),
  })
  .strict()
  .superRefine((f, issue) => {
    if (f.range !== "CUSTOM") return;
    if (!f.custom_from) issue.addIssue({ code: "custom", path: ["custom_from"], message: VALIDATION_KEYS.required, params: { field: "custom_from" } });
    if (!f.custom_to) issue.addIssue({ code: "custom", path: ["custom_to"], message: VALIDATION_KEYS.required, params: { field: "custom_to" } });
    if (f.custom_from && f.custom_to && Date.parse(f.custom_from) >= Date.parse(f.custom_to)) {
      issue.addIssue({ code: "custom", path: ["custom_to"], message: VALIDATION_KEYS.date_after });
    }
  });
export type CallFilterInput = z.infer<typeof callFilterSchema>;

/** A user's subscription to the report of a saved filter (spec data §3.1 "Report period"). */
export const reportSubscriptionSchema = z
  .object({
    filter_id: z.number({ error: requiredOr(VALIDATION_KEYS.numeric) }).int(),
    user_id: z.number({ error: requiredOr(VALIDATION_KEYS.numeric) }).int(),
    kind: z.enum(REPORT_KINDS, { error: requiredOr(VALIDATION_KEYS.one_option_required) }),
    emails: z.array(z.string()).min(1, { error: VALIDATION_KEYS.required }).max(20),
    enabled: z.boolean().default(true),
  })
  .strict();
export type ReportSubscriptionInput = z.infer<typeof reportSubscriptionSchema>;

/** "tls": implicit TLS (465); "starttls": upgrade required; "none": plain (local relays only). */
export const SMTP_SECURITY = ["tls", "starttls", "none"] as const;

/** SMTP settings of the global settings page; an empty password keeps the stored one. */
export const smtpSettingsSchema = z
  .object({
    host: z.string().trim().max(255, { error: VALIDATION_KEYS.max_length }),
    port: z
      .number({ error: requiredOr(VALIDATION_KEYS.numeric) })
      .int({ error: VALIDATION_KEYS.numeric })
      .refine((v) => v >= 1 && v <= 65_535, { error: VALIDATION_KEYS.between, params: { min: 1, max: 65_535 } }),
    security: z.enum(SMTP_SECURITY, { error: requiredOr(VALIDATION_KEYS.one_option_required) }),
    user: z.string().trim().max(255, { error: VALIDATION_KEYS.max_length }),
    password: z.string().max(1024, { error: VALIDATION_KEYS.max_length }),
    from: z.email({ error: VALIDATION_KEYS.email }),
  })
  .strict();
export type SmtpSettingsInput = z.infer<typeof smtpSettingsSchema>;
