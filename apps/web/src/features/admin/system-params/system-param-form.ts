import type { CombinedError } from "@urql/core";
import {
  PASSWORD_REENTRY_MESSAGE,
  SYSTEM_PARAM_DEFAULTS,
  SYSTEM_PARAM_FIELDS,
  fieldErrors,
  formatTimeOfDay,
  fromWeekMinutes,
  needsPasswordReentry,
  sameWeekMoment,
  systemParamInputSchema,
  type SystemParamInput,
} from "@caresuite/domain";
import { errorMessages, firstFieldErrors, type FieldError } from "../../../api/errors";
import { configuratorConnectionError } from "../../../ui/connection-errors";
import type { SystemParamApiInput, SystemParamRecord } from "./system-params.graphql";

/**
 * What the configurator form holds. Times are the typed "HH:MM" text; the weekend points are a
 * day (select value "0" = Monday ... "6" = Sunday) and a time, as the spec's "minutes from a
 * Monday-start week" are unreadable as a number.
 */
export interface SystemParamFormValues {
  name: string;
  ip: string;
  username: string;
  /** Empty on update: the stored password stays. */
  password: string;
  /** Mantine's NumberInput gives "" while empty. */
  tcp_port: number | string;
  dhcp: boolean;
  gateway: string;
  subnet: string;
  ntp_server: string;
  timezone: string;
  daylight_savings: boolean;
  display_language: string;
  night_start: string;
  night_stop: string;
  weekend_start_day: string;
  weekend_start_time: string;
  weekend_stop_day: string;
  weekend_stop_time: string;
  auto_commit: boolean;
  call_suppression_enabled: boolean;
  call_suppression_sections: number[];
  call_suppression_time_start: string;
  call_suppression_time_end: string;
}

export type SystemParamFormMode = "create" | "update";

/** The form's groups (spec §3.8 fields by topic), each with the input names it shows. */
export const SYSTEM_PARAM_SECTIONS = {
  connection: ["name", "ip", "tcp_port", "username", "password"],
  network: ["dhcp", "gateway", "subnet", "ntp_server"],
  time: ["timezone", "daylight_savings", "display_language", "night_start", "night_stop", "weekend_start", "weekend_stop", "auto_commit"],
  suppression: ["call_suppression_enabled", "call_suppression_sections", "call_suppression_time_start", "call_suppression_time_end"],
} as const;

/** Inputs whose errors show on the field (the weekend's error sits under its time input). */
export const SYSTEM_PARAM_FORM_FIELDS: ReadonlySet<string> = new Set<string>(SYSTEM_PARAM_FIELDS);

function weekValues(minutes: number): { day: string; time: string } {
  const point = fromWeekMinutes(minutes);
  return { day: String(point.day), time: point.time };
}

function withWeekend(
  values: Omit<SystemParamFormValues, "weekend_start_day" | "weekend_start_time" | "weekend_stop_day" | "weekend_stop_time">,
  start: number,
  stop: number,
): SystemParamFormValues {
  const from = weekValues(start);
  const to = weekValues(stop);
  return { ...values, weekend_start_day: from.day, weekend_start_time: from.time, weekend_stop_day: to.day, weekend_stop_time: to.time };
}

/** A new configurator: the domain's defaults. */
export function emptySystemParamValues(): SystemParamFormValues {
  const d = SYSTEM_PARAM_DEFAULTS;
  return withWeekend(
    {
      name: "",
      ip: "",
      username: d.username,
      password: "",
      tcp_port: d.tcp_port,
      dhcp: d.dhcp,
      gateway: d.gateway,
      subnet: d.subnet,
      ntp_server: d.ntp_server,
      timezone: d.timezone,
      daylight_savings: d.daylight_savings,
      display_language: d.display_language,
      night_start: formatTimeOfDay(d.night_start),
      night_stop: formatTimeOfDay(d.night_stop),
      auto_commit: d.auto_commit,
      call_suppression_enabled: d.call_suppression_enabled,
      call_suppression_sections: [],
      call_suppression_time_start: formatTimeOfDay(d.call_suppression_time_start),
      call_suppression_time_end: formatTimeOfDay(d.call_suppression_time_end),
    },
    d.weekend_start,
    d.weekend_stop,
  );
}

/** A loaded configurator as form values; the password starts empty ("unchanged"). */
export function systemParamToValues(record: SystemParamRecord): SystemParamFormValues {
  return withWeekend(
    {
      name: record.name,
      ip: record.ip,
      username: record.username,
      password: "",
      tcp_port: record.tcp_port,
      dhcp: record.dhcp,
      gateway: record.gateway,
      subnet: record.subnet,
      ntp_server: record.ntp_server,
      timezone: record.timezone,
      daylight_savings: record.daylight_savings,
      display_language: record.display_language,
      night_start: record.night_start,
      night_stop: record.night_stop,
      auto_commit: record.auto_commit,
      call_suppression_enabled: record.call_suppression_enabled,
      call_suppression_sections: [...record.call_suppression_sections],
      call_suppression_time_start: record.call_suppression_time_start,
      call_suppression_time_end: record.call_suppression_time_end,
    },
    record.weekend_start,
    record.weekend_stop,
  );
}

/** The values as the domain schema reads them (the weekend as `{ day, time }`). */
function schemaInput(values: SystemParamFormValues): Record<string, unknown> {
  const { weekend_start_day, weekend_start_time, weekend_stop_day, weekend_stop_time, tcp_port, ...rest } = values;
  const day = (text: string): number | null => (text === "" ? null : Number(text));
  return {
    ...rest,
    tcp_port: tcp_port === "" ? null : typeof tcp_port === "string" ? Number(tcp_port) : tcp_port,
    weekend_start: { day: day(weekend_start_day), time: weekend_start_time },
    weekend_stop: { day: day(weekend_stop_day), time: weekend_stop_time },
  };
}

/**
 * ARCHITECTURE «Security rules» "Stored secrets are sent only to the address they were saved with": with a changed
 * ip or port, an empty password (meaning "keep the stored one") is not enough; the server says the
 * same (VALIDATION validation.password_reentry on the password).
 */
export function passwordReentryNeeded(values: SystemParamFormValues, record: SystemParamRecord | null): boolean {
  if (!record) return false;
  const port = typeof values.tcp_port === "string" ? Number(values.tcp_port) : values.tcp_port;
  return needsPasswordReentry(record, { ip: values.ip, tcp_port: port, password: values.password });
}

/**
 * The domain schema on the values: the parsed input, or the first message per field (spec §5);
 * on update also the password re-entry rule against the stored record.
 */
export function checkSystemParamValues(
  values: SystemParamFormValues,
  mode: SystemParamFormMode,
  record: SystemParamRecord | null = null,
): { ok: true; input: SystemParamInput } | { ok: false; errors: Record<string, FieldError> } {
  const parsed = systemParamInputSchema(mode).safeParse(schemaInput(values));
  const reentry: Record<string, FieldError> = passwordReentryNeeded(values, record)
    ? { password: { message: PASSWORD_REENTRY_MESSAGE, data: { field: "password" } } }
    : {};
  if (!parsed.success) return { ok: false, errors: { ...reentry, ...firstFieldErrors(fieldErrors(parsed.error)) } };
  return Object.keys(reentry).length > 0 ? { ok: false, errors: reentry } : { ok: true, input: parsed.data };
}

/**
 * The API input from a checked form. A weekend point that names the same moment as the stored one
 * (Monday 00:00 is 0 and 10080) keeps the stored number, so saving unchanged data changes nothing.
 */
export function systemParamApiInput(input: SystemParamInput, record: SystemParamRecord | null): SystemParamApiInput {
  const keep = (next: number, stored: number | undefined): number => (stored !== undefined && sameWeekMoment(next, stored) ? stored : next);
  return {
    ...input,
    night_start: formatTimeOfDay(input.night_start),
    night_stop: formatTimeOfDay(input.night_stop),
    call_suppression_time_start: formatTimeOfDay(input.call_suppression_time_start),
    call_suppression_time_end: formatTimeOfDay(input.call_suppression_time_end),
    weekend_start: keep(input.weekend_start, record?.weekend_start),
    weekend_stop: keep(input.weekend_stop, record?.weekend_stop),
    call_suppression_sections: [...input.call_suppression_sections],
  };
}

/**
 * spec §8: "'failed to fetch firmware version' with 'Unauthorized' maps to password
 * connection_unauthorized, else ip connection_error" — the setup rule, on this form's fields.
 */
export function connectionFieldError(error: CombinedError | undefined): Record<string, FieldError> {
  const mapped = configuratorConnectionError(errorMessages(error));
  return mapped ? { [mapped.field]: { message: mapped.key } } : {};
}

/** The `reason` a CONFLICT carries (max_reached, last_system, open_calls), if any. */
export function conflictReason(error: CombinedError | undefined): string | null {
  for (const graphQLError of error?.graphQLErrors ?? []) {
    const reason = graphQLError.extensions["reason"];
    if (typeof reason === "string") return reason;
  }
  return null;
}

/** Callout texts for the server's refusals that the generic ones do not explain. */
export const REASON_TEXTS: Record<string, string> = {
  max_reached: "systemParams.errors.maxReached",
  last_system: "systemParams.errors.lastSystem",
  open_calls: "systemParams.errors.openCalls",
  connection: "systemParams.errors.connection",
};
