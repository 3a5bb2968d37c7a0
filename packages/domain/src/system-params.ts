import { z } from "zod";
import { parseTimeOfDay } from "./time-of-day.ts";
import { LOCALES } from "./rules/locale.ts";
import { VALIDATION_KEYS, requiredOr, requiredString } from "./validation-messages.ts";

/**
 * spec data §3.8 "Configurator (system parameters): id, name, ip, username, password, tcp_port,
 * dhcp, gateway, subnet, ntp_server, timezone, daylight_savings, display_language, night_start,
 * night_stop, weekend_start, weekend_stop, auto_commit, call_suppression_enabled,
 * call_suppression_sections, call_suppression_time_start, call_suppression_time_end, version."
 *
 * Units: times of day are minutes since midnight (the API and forms speak "HH:MM"); weekend_start
 * and weekend_stop are minutes from a Monday-start week (spec: "publicSystemParams (id, name,
 * weekend_start, weekend_stop in minutes from a Monday-start week)").
 */

/** Minutes of one week; weekend_stop may equal it ("until Monday 00:00"). */
export const MINUTES_PER_WEEK = 7 * 24 * 60;
const MINUTES_PER_DAY = 24 * 60;

/** The controller's languages: the product's four (spec: German default). */
export const SYSTEM_DISPLAY_LANGUAGES = LOCALES;
export type SystemDisplayLanguage = (typeof SYSTEM_DISPLAY_LANGUAGES)[number];

/**
 * Defaults of a new configurator (and of the columns migration 0006 adds). Night 22:00-06:00;
 * weekend Saturday 00:00 to Monday 00:00 as the existing rows have; Swiss time (spec: "numbers
 * de-CH"); auto_commit off, so a change waits for an explicit commit.
 */
export const SYSTEM_PARAM_DEFAULTS = {
  username: "admin",
  tcp_port: 7700,
  dhcp: false,
  gateway: "",
  subnet: "255.255.255.0",
  ntp_server: "",
  timezone: "Europe/Zurich",
  daylight_savings: true,
  display_language: "de" as SystemDisplayLanguage,
  night_start: 22 * 60,
  night_stop: 6 * 60,
  weekend_start: 5 * MINUTES_PER_DAY,
  weekend_stop: MINUTES_PER_WEEK,
  auto_commit: false,
  call_suppression_enabled: false,
  call_suppression_sections: [] as number[],
  call_suppression_time_start: 22 * 60,
  call_suppression_time_end: 6 * 60,
} as const;

const IPV4 = z.ipv4();

/** spec §5: "ip (IPv4 only)": four decimal octets 0-255. */
export function isIPv4(value: string): boolean {
  return IPV4.safeParse(value).success;
}

/** A subnet mask: an IPv4 address whose bits are ones followed by zeros (255.255.255.0). */
export function isSubnetMask(value: string): boolean {
  if (!isIPv4(value)) return false;
  const bits = value
    .split(".")
    .map((octet) => Number(octet).toString(2).padStart(8, "0"))
    .join("");
  return /^1*0*$/.test(bits);
}

const HOST_LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;

/**
 * A DNS host name (RFC 1123): dot-separated labels of letters, digits and inner hyphens, at most
 * 253 characters. A last label of digits only is not a name: "10.0.0.300" is a wrong address.
 */
export function isHostName(value: string): boolean {
  if (value.length === 0 || value.length > 253) return false;
  const labels = value.replace(/\.$/, "").split(".");
  if (labels.some((label) => !HOST_LABEL.test(label))) return false;
  return !/^\d+$/.test(labels[labels.length - 1] ?? "");
}

/** An IANA time-zone name this runtime knows ("Europe/Zurich", "UTC"). */
export function isIanaTimeZone(value: string): boolean {
  if (!/^(?:UTC|[A-Za-z]+(?:\/[A-Za-z0-9_+-]+){1,2})$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat("en", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** A point of the week as the form shows it: day 0 = Monday ... 6 = Sunday, and "HH:MM". */
export interface WeekTime {
  day: number;
  time: string;
}

/** Day (0 = Monday) and minutes of the day → minutes from a Monday-start week. */
export function toWeekMinutes(day: number, minutesOfDay: number): number {
  return day * MINUTES_PER_DAY + minutesOfDay;
}

/**
 * Minutes from a Monday-start week → day (0 = Monday) and "HH:MM". The week's end (10080) is
 * Monday 00:00 again.
 */
export function fromWeekMinutes(minutes: number): WeekTime {
  const inWeek = ((minutes % MINUTES_PER_WEEK) + MINUTES_PER_WEEK) % MINUTES_PER_WEEK;
  const ofDay = inWeek % MINUTES_PER_DAY;
  return {
    day: Math.floor(inWeek / MINUTES_PER_DAY),
    time: `${String(Math.floor(ofDay / 60)).padStart(2, "0")}:${String(ofDay % 60).padStart(2, "0")}`,
  };
}

/** Two week points name the same moment of the week (10080 and 0 are both Monday 00:00). */
export function sameWeekMoment(a: number, b: number): boolean {
  return (a - b) % MINUTES_PER_WEEK === 0;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
const missing = (value: unknown): boolean => value === undefined || value === null || value === "";

/** spec §5: "Time string HH:MM converts to a number": "HH:MM" (or minutes) in, minutes out. */
function timeOfDay(fallback: number) {
  const minutes = z.unknown().transform((value, ctx) => {
    if (value === undefined) return fallback;
    if (missing(value)) {
      ctx.addIssue({ code: "custom", message: VALIDATION_KEYS.required });
      return z.NEVER;
    }
    const parsed = parseTimeOfDay(value);
    if (parsed === null) {
      ctx.addIssue({ code: "custom", message: VALIDATION_KEYS.format, params: { format: "HH:MM" } });
      return z.NEVER;
    }
    return parsed;
  });
  // Without the default, a missing key fails zod's object check.
  return minutes.optional().default(fallback);
}

/**
 * A point of the week: minutes (0..10080, as the API and publicSystemParams speak) or the form's
 * `{ day, time }` (day 0 = Monday, time "HH:MM"). Minutes out.
 */
function weekTime(fallback: number) {
  const minutes = z.unknown().transform((value, ctx) => {
    if (value === undefined) return fallback;
    if (missing(value)) {
      ctx.addIssue({ code: "custom", message: VALIDATION_KEYS.required });
      return z.NEVER;
    }
    if (typeof value === "number") {
      if (Number.isInteger(value) && value >= 0 && value <= MINUTES_PER_WEEK) return value;
      ctx.addIssue({ code: "custom", message: VALIDATION_KEYS.between, params: { min: 0, max: MINUTES_PER_WEEK } });
      return z.NEVER;
    }
    if (isRecord(value)) {
      const day = value["day"];
      if (typeof day !== "number" || !Number.isInteger(day) || day < 0 || day > 6) {
        ctx.addIssue({ code: "custom", message: VALIDATION_KEYS.one_option_required });
        return z.NEVER;
      }
      if (missing(value["time"])) {
        ctx.addIssue({ code: "custom", message: VALIDATION_KEYS.required });
        return z.NEVER;
      }
      const ofDay = parseTimeOfDay(value["time"]);
      if (ofDay !== null) return toWeekMinutes(day, ofDay);
      ctx.addIssue({ code: "custom", message: VALIDATION_KEYS.format, params: { format: "HH:MM" } });
      return z.NEVER;
    }
    ctx.addIssue({ code: "custom", message: VALIDATION_KEYS.invalid });
    return z.NEVER;
  });
  return minutes.optional().default(fallback);
}

/** An optional IPv4 address ("" = none). */
const optionalIPv4 = (fallback: string) =>
  z
    .string({ error: VALIDATION_KEYS.invalid })
    .trim()
    .max(64, { error: VALIDATION_KEYS.max_length })
    .refine((v) => v === "" || isIPv4(v), { error: VALIDATION_KEYS.ip })
    .optional()
    .default(fallback);

const flag = (fallback: boolean) => z.boolean({ error: VALIDATION_KEYS.invalid }).optional().default(fallback);

/**
 * The configurator form and `createSystemParam` / `updateSystemParam`. On update an empty (or
 * missing) password keeps the stored one; on create it is needed (spec §5 "Configurator: ip,
 * username (default admin), password"). Rules across fields run only on fields that passed.
 */
export function systemParamInputSchema(mode: "create" | "update") {
  const d = SYSTEM_PARAM_DEFAULTS;
  return z
    .object({
      name: requiredString().max(100, { error: VALIDATION_KEYS.max_length }),
      // spec §5: "ip (IPv4 only)".
      ip: requiredString().max(64, { error: VALIDATION_KEYS.max_length }).refine(isIPv4, { error: VALIDATION_KEYS.ip }),
      username: requiredString().max(255, { error: VALIDATION_KEYS.max_length }).optional().default(d.username),
      password:
        mode === "create"
          ? requiredString({ trim: false }).max(255, { error: VALIDATION_KEYS.max_length })
          : z.string({ error: VALIDATION_KEYS.invalid }).max(255, { error: VALIDATION_KEYS.max_length }).optional().default(""),
      tcp_port: z
        .number({ error: requiredOr(VALIDATION_KEYS.numeric) })
        .int({ error: VALIDATION_KEYS.numeric })
        .refine((v) => v >= 1 && v <= 65535, { error: VALIDATION_KEYS.between, params: { min: 1, max: 65535 } })
        .optional()
        .default(d.tcp_port),
      dhcp: flag(d.dhcp),
      gateway: optionalIPv4(d.gateway),
      subnet: optionalIPv4(d.subnet).refine((v) => v === "" || isSubnetMask(v), {
        error: VALIDATION_KEYS.format,
        params: { format: "255.255.255.0" },
      }),
      ntp_server: z
        .string({ error: VALIDATION_KEYS.invalid })
        .trim()
        .max(253, { error: VALIDATION_KEYS.max_length })
        // A name that looks like an address ("10.0.0.300") is judged as an address.
        .refine((v) => v === "" || isIPv4(v) || isHostName(v), { error: VALIDATION_KEYS.host })
        .optional()
        .default(d.ntp_server),
      timezone: z
        .string({ error: requiredOr(VALIDATION_KEYS.one_option_required) })
        .trim()
        .min(1, { error: VALIDATION_KEYS.required })
        .refine(isIanaTimeZone, { error: VALIDATION_KEYS.one_option_required })
        .optional()
        .default(d.timezone),
      daylight_savings: flag(d.daylight_savings),
      display_language: z
        .enum(SYSTEM_DISPLAY_LANGUAGES, { error: requiredOr(VALIDATION_KEYS.one_option_required) })
        .optional()
        .default(d.display_language),
      night_start: timeOfDay(d.night_start),
      night_stop: timeOfDay(d.night_stop),
      weekend_start: weekTime(d.weekend_start),
      weekend_stop: weekTime(d.weekend_stop),
      auto_commit: flag(d.auto_commit),
      call_suppression_enabled: flag(d.call_suppression_enabled),
      // Section ids of this system; the server checks that they exist there.
      call_suppression_sections: z
        .array(z.number({ error: VALIDATION_KEYS.invalid }).int({ error: VALIDATION_KEYS.invalid }).positive({ error: VALIDATION_KEYS.invalid }), {
          error: VALIDATION_KEYS.invalid,
        })
        .max(1000)
        .refine((ids) => new Set(ids).size === ids.length, { error: VALIDATION_KEYS.duplicate })
        .optional()
        .default([]),
      call_suppression_time_start: timeOfDay(d.call_suppression_time_start),
      call_suppression_time_end: timeOfDay(d.call_suppression_time_end),
    })
    .strict()
    .superRefine(
      (data, ctx) => {
        const failed = new Set(ctx.issues.map((issue) => String(issue.path?.[0] ?? "")));
        const report = (field: string, message: string, params: Record<string, unknown> = {}): void => {
          if (!failed.has(field)) ctx.addIssue({ code: "custom", path: [field], message, params });
        };
        const ok = (...fields: string[]): boolean => fields.every((field) => !failed.has(field));
        // Without DHCP the controller needs its own network settings.
        if (ok("dhcp") && !data.dhcp && data.subnet === "") report("subnet", VALIDATION_KEYS.required);
        if (ok("night_start", "night_stop") && data.night_start === data.night_stop) report("night_stop", VALIDATION_KEYS.cannot_be_same);
        // Equal points would make the weekend empty (or the whole week): neither is meant.
        if (ok("weekend_start", "weekend_stop") && sameWeekMoment(data.weekend_start, data.weekend_stop)) {
          report("weekend_stop", VALIDATION_KEYS.cannot_be_same);
        }
        if (ok("call_suppression_enabled") && data.call_suppression_enabled) {
          if (ok("call_suppression_sections") && data.call_suppression_sections.length === 0) {
            report("call_suppression_sections", VALIDATION_KEYS.one_option_required);
          }
          if (ok("call_suppression_time_start", "call_suppression_time_end") && data.call_suppression_time_start === data.call_suppression_time_end) {
            report("call_suppression_time_end", VALIDATION_KEYS.cannot_be_same);
          }
        }
      },
      { when: (payload) => isRecord(payload.value) },
    );
}

/** The parsed input (minutes for every time). */
export type SystemParamInput = z.infer<ReturnType<typeof systemParamInputSchema>>;

/** The fields of the input, in form order (server errors land on these). */
export const SYSTEM_PARAM_FIELDS = [
  "name",
  "ip",
  "username",
  "password",
  "tcp_port",
  "dhcp",
  "gateway",
  "subnet",
  "ntp_server",
  "timezone",
  "daylight_savings",
  "display_language",
  "night_start",
  "night_stop",
  "weekend_start",
  "weekend_stop",
  "auto_commit",
  "call_suppression_enabled",
  "call_suppression_sections",
  "call_suppression_time_start",
  "call_suppression_time_end",
] as const satisfies readonly (keyof SystemParamInput)[];

/** Changing these needs a new connection check (and the link reconnects with them). */
export const SYSTEM_CONNECTION_FIELDS = ["ip", "username", "password", "tcp_port"] as const;
