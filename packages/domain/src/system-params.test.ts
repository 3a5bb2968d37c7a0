import { describe, expect, it } from "vitest";
import {
  MINUTES_PER_WEEK,
  SYSTEM_PARAM_DEFAULTS,
  fromWeekMinutes,
  isHostName,
  isIanaTimeZone,
  isIPv4,
  isSubnetMask,
  sameWeekMoment,
  systemParamInputSchema,
  toWeekMinutes,
} from "./system-params.ts";
import { fieldErrors } from "./validation.ts";

const valid = { name: "Haus A", ip: "192.168.1.20", username: "admin", password: "secret" };

/** First message per field, or {} when the input is valid. */
function firstMessages(mode: "create" | "update", input: unknown): Record<string, string | undefined> {
  const result = systemParamInputSchema(mode).safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(Object.entries(fieldErrors(result.error)).map(([field, list]) => [field, list[0]?.message]));
}

describe("systemParamInputSchema", () => {
  it.each([
    ["valid minimum", "create", valid, {}],
    // spec §5: "Configurator: ip, username (default admin), password."
    ["create needs name, ip and password", "create", {}, { name: "validation.required", ip: "validation.required", password: "validation.required" }],
    ["update: empty password keeps the stored one", "update", { ...valid, password: "" }, {}],
    ["update: missing password keeps the stored one", "update", { name: "A", ip: "10.0.0.1" }, {}],
    // spec §5: "ip (IPv4 only)".
    ["ip: IPv6 refused", "create", { ...valid, ip: "fe80::1" }, { ip: "validation.ip" }],
    ["ip: octet above 255", "create", { ...valid, ip: "10.0.0.256" }, { ip: "validation.ip" }],
    ["ip: host name refused", "create", { ...valid, ip: "controller.local" }, { ip: "validation.ip" }],
    ["gateway: IPv4 only", "create", { ...valid, gateway: "10.0.0" }, { gateway: "validation.ip" }],
    ["gateway: empty allowed", "create", { ...valid, gateway: "" }, {}],
    ["subnet: IPv4 only", "create", { ...valid, subnet: "255.255.255" }, { subnet: "validation.ip" }],
    ["subnet: a mask's ones come first", "create", { ...valid, subnet: "255.0.255.0" }, { subnet: "validation.format" }],
    ["subnet: needed without DHCP", "create", { ...valid, dhcp: false, subnet: "" }, { subnet: "validation.required" }],
    ["subnet: may be empty with DHCP", "create", { ...valid, dhcp: true, subnet: "" }, {}],
    ["ntp_server: host name", "create", { ...valid, ntp_server: "pool.ntp.org" }, {}],
    ["ntp_server: IPv4", "create", { ...valid, ntp_server: "192.168.1.1" }, {}],
    ["ntp_server: broken address is not a name", "create", { ...valid, ntp_server: "192.168.1.300" }, { ntp_server: "validation.host" }],
    ["ntp_server: spaces", "create", { ...valid, ntp_server: "ntp server" }, { ntp_server: "validation.host" }],
    ["tcp_port: 0", "create", { ...valid, tcp_port: 0 }, { tcp_port: "validation.between" }],
    ["tcp_port: 65536", "create", { ...valid, tcp_port: 65536 }, { tcp_port: "validation.between" }],
    ["tcp_port: 65535", "create", { ...valid, tcp_port: 65535 }, {}],
    ["tcp_port: fraction", "create", { ...valid, tcp_port: 80.5 }, { tcp_port: "validation.numeric" }],
    ["tcp_port: null (emptied field)", "create", { ...valid, tcp_port: null }, { tcp_port: "validation.required" }],
    ["timezone: IANA name", "create", { ...valid, timezone: "America/New_York" }, {}],
    ["timezone: unknown", "create", { ...valid, timezone: "Mars/Olympus" }, { timezone: "validation.one_option_required" }],
    ["timezone: offset is not a name", "create", { ...valid, timezone: "+01:00" }, { timezone: "validation.one_option_required" }],
    ["display_language: one of de/en/fr/it", "create", { ...valid, display_language: "es" }, { display_language: "validation.one_option_required" }],
    // spec §5: "Time string HH:MM converts to a number".
    ["night_start: 25:00", "create", { ...valid, night_start: "25:00" }, { night_start: "validation.format" }],
    ["night_start: empty", "create", { ...valid, night_start: "" }, { night_start: "validation.required" }],
    ["night: start and stop the same", "create", { ...valid, night_start: "22:00", night_stop: "22:00" }, { night_stop: "validation.cannot_be_same" }],
    ["weekend_start: beyond the week", "create", { ...valid, weekend_start: MINUTES_PER_WEEK + 1 }, { weekend_start: "validation.between" }],
    ["weekend_start: form value with bad time", "create", { ...valid, weekend_start: { day: 4, time: "7pm" } }, { weekend_start: "validation.format" }],
    [
      "weekend_start: form value without day",
      "create",
      { ...valid, weekend_start: { day: 7, time: "18:00" } },
      { weekend_start: "validation.one_option_required" },
    ],
    [
      "weekend: start and stop the same moment",
      "create",
      { ...valid, weekend_start: 0, weekend_stop: MINUTES_PER_WEEK },
      { weekend_stop: "validation.cannot_be_same" },
    ],
    [
      "suppression on without sections",
      "create",
      { ...valid, call_suppression_enabled: true },
      { call_suppression_sections: "validation.one_option_required" },
    ],
    ["suppression off without sections", "create", { ...valid, call_suppression_enabled: false }, {}],
    ["suppression sections twice", "create", { ...valid, call_suppression_sections: [3, 3] }, { call_suppression_sections: "validation.duplicate" }],
    [
      "suppression with the same start and end",
      "create",
      { ...valid, call_suppression_enabled: true, call_suppression_sections: [1], call_suppression_time_start: "08:00", call_suppression_time_end: "08:00" },
      { call_suppression_time_end: "validation.cannot_be_same" },
    ],
    ["version is not an input", "create", { ...valid, version: "1.2" }, { _form: "validation.unknown_field" }],
  ] as const)("%s", (_label, mode, input, expected) => {
    expect(firstMessages(mode, input)).toEqual(expected);
  });

  it("fills the defaults (night 22:00-06:00, weekend Saturday to Monday, DHCP off)", () => {
    const parsed = systemParamInputSchema("create").parse(valid);
    expect(parsed).toMatchObject({
      username: "admin",
      tcp_port: 7700,
      dhcp: false,
      subnet: "255.255.255.0",
      timezone: "Europe/Zurich",
      display_language: "de",
      night_start: 1320,
      night_stop: 360,
      weekend_start: 7200,
      weekend_stop: 10080,
      call_suppression_sections: [],
    });
    expect(parsed).toMatchObject(SYSTEM_PARAM_DEFAULTS);
  });

  it("turns the form's times into minutes", () => {
    const parsed = systemParamInputSchema("update").parse({
      ...valid,
      night_start: "21:30",
      night_stop: "05:45",
      weekend_start: { day: 4, time: "18:00" },
      weekend_stop: { day: 0, time: "06:00" },
    });
    expect(parsed).toMatchObject({ night_start: 1290, night_stop: 345, weekend_start: 4 * 1440 + 1080, weekend_stop: 360 });
  });

  it("reports {min} and {max} for the port range", () => {
    const result = systemParamInputSchema("create").safeParse({ ...valid, tcp_port: 0 });
    expect(result.success).toBe(false);
    if (!result.success) expect(fieldErrors(result.error)["tcp_port"]?.[0]?.data).toMatchObject({ min: 1, max: 65535 });
  });
});

describe("week minutes (spec: weekend_start, weekend_stop in minutes from a Monday-start week)", () => {
  it.each([
    [0, { day: 0, time: "00:00" }],
    [7200, { day: 5, time: "00:00" }],
    [4 * 1440 + 18 * 60 + 30, { day: 4, time: "18:30" }],
    [10079, { day: 6, time: "23:59" }],
    [MINUTES_PER_WEEK, { day: 0, time: "00:00" }],
  ])("%i ↔ %o", (minutes, weekTime) => {
    expect(fromWeekMinutes(minutes)).toEqual(weekTime);
    if (minutes < MINUTES_PER_WEEK) expect(toWeekMinutes(weekTime.day, Number(weekTime.time.slice(0, 2)) * 60 + Number(weekTime.time.slice(3)))).toBe(minutes);
  });

  it("treats the week's end as Monday 00:00", () => {
    expect(sameWeekMoment(0, MINUTES_PER_WEEK)).toBe(true);
    expect(sameWeekMoment(7200, 7201)).toBe(false);
  });
});

describe("address rules", () => {
  it.each([
    ["10.0.0.1", true],
    ["255.255.255.255", true],
    ["1.2.3", false],
    ["01.2.3.4", false],
    ["::1", false],
  ])("isIPv4(%s) = %s", (value, expected) => expect(isIPv4(value)).toBe(expected));

  it.each([
    ["255.255.255.0", true],
    ["255.255.0.0", true],
    ["0.0.0.0", true],
    ["255.0.255.0", false],
  ])("isSubnetMask(%s) = %s", (value, expected) => expect(isSubnetMask(value)).toBe(expected));

  it.each([
    ["pool.ntp.org", true],
    ["ntp", true],
    ["-bad.example", false],
    ["a..b", false],
    ["1.2.3.4", false],
  ])("isHostName(%s) = %s", (value, expected) => expect(isHostName(value)).toBe(expected));

  it.each([
    ["Europe/Zurich", true],
    ["UTC", true],
    ["America/Argentina/Buenos_Aires", true],
    ["Europe/Nowhere", false],
    ["", false],
  ])("isIanaTimeZone(%s) = %s", (value, expected) => expect(isIanaTimeZone(value)).toBe(expected));
});
