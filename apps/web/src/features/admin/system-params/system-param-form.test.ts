import { describe, expect, it } from "vitest";
import { CombinedError } from "@urql/core";
import { GraphQLError } from "graphql";
import {
  checkSystemParamValues,
  conflictReason,
  connectionFieldError,
  emptySystemParamValues,
  passwordReentryNeeded,
  systemParamApiInput,
  systemParamToValues,
} from "./system-param-form";
import type { SystemParamRecord } from "./system-params.graphql";

const record: SystemParamRecord = {
  id: 1,
  name: "Haus A",
  ip: "192.168.1.20",
  username: "admin",
  has_password: true,
  tcp_port: 7700,
  dhcp: false,
  gateway: "",
  subnet: "255.255.255.0",
  ntp_server: "",
  timezone: "Europe/Zurich",
  daylight_savings: true,
  display_language: "de",
  night_start: "22:00",
  night_stop: "06:00",
  weekend_start: 7200,
  weekend_stop: 10080,
  auto_commit: false,
  call_suppression_enabled: false,
  call_suppression_sections: [],
  call_suppression_time_start: "22:00",
  call_suppression_time_end: "06:00",
  version: "5.4.1",
  sections: [],
};

const serverError = (message: string, extensions: Record<string, unknown>): CombinedError =>
  new CombinedError({ graphQLErrors: [new GraphQLError(message, { extensions })] });

describe("configurator form values", () => {
  it("shows the weekend as day and time (spec: minutes from a Monday-start week)", () => {
    const values = systemParamToValues(record);
    expect(values).toMatchObject({ weekend_start_day: "5", weekend_start_time: "00:00", weekend_stop_day: "0", weekend_stop_time: "00:00", password: "" });
  });

  it("sends an unchanged form unchanged: Monday 00:00 stays 10080, the empty password keeps the stored one", () => {
    const checked = checkSystemParamValues(systemParamToValues(record), "update");
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    const input = systemParamApiInput(checked.input, record);
    expect(input).toMatchObject({ weekend_start: 7200, weekend_stop: 10080, password: "", night_start: "22:00", tcp_port: 7700 });
    expect(input).not.toHaveProperty("weekend_start_day");
  });

  it("turns edited day and time into week minutes", () => {
    const values = { ...systemParamToValues(record), weekend_start_day: "4", weekend_start_time: "18:30", night_start: "21:00" };
    const checked = checkSystemParamValues(values, "update");
    expect(checked.ok && systemParamApiInput(checked.input, record)).toMatchObject({ weekend_start: 4 * 1440 + 18 * 60 + 30, night_start: "21:00" });
  });

  it.each([
    ["gateway", { gateway: "10.0.0.999" }, "gateway", "validation.ip"],
    ["weekend time", { weekend_start_time: "18.30" }, "weekend_start", "validation.format"],
    ["emptied port", { tcp_port: "" }, "tcp_port", "validation.required"],
    ["night", { night_stop: "22:00" }, "night_stop", "validation.cannot_be_same"],
  ])("checks %s with the domain schema", (_label, change, field, message) => {
    const checked = checkSystemParamValues({ ...systemParamToValues(record), ...change }, "update");
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(checked.errors[field]?.message).toBe(message);
  });

  it.each([
    ["a new ip", { ip: "192.168.1.21" }],
    ["a new port", { tcp_port: 7701 }],
  ])("asks for the password again with %s (ARCHITECTURE «Security rules»: the stored one stays with its address)", (_label, change) => {
    const values = { ...systemParamToValues(record), ...change };
    expect(passwordReentryNeeded(values, record)).toBe(true);
    const checked = checkSystemParamValues(values, "update", record);
    expect(!checked.ok && checked.errors["password"]?.message).toBe("validation.password_reentry");
    const typed = checkSystemParamValues({ ...values, password: "typed again" }, "update", record);
    expect(typed.ok).toBe(true);
  });

  it("keeps the stored password for the same address, and asks nothing when none is stored", () => {
    expect(checkSystemParamValues({ ...systemParamToValues(record), name: "Haus B" }, "update", record).ok).toBe(true);
    expect(passwordReentryNeeded({ ...systemParamToValues(record), ip: "10.0.0.9" }, { ...record, has_password: false })).toBe(false);
  });

  it("needs a password for a new configurator", () => {
    const checked = checkSystemParamValues({ ...emptySystemParamValues(), name: "Haus B", ip: "10.0.0.2" }, "create");
    expect(!checked.ok && checked.errors["password"]?.message).toBe("validation.required");
  });

  it("maps the connection check like the setup (spec §8)", () => {
    expect(connectionFieldError(serverError("failed to fetch firmware version: HTTP 401 Unauthorized", { code: "VALIDATION", reason: "connection" }))).toEqual({
      password: { message: "setup.configurator.errors.connectionUnauthorized" },
    });
    expect(connectionFieldError(serverError("failed to fetch firmware version: connect ECONNREFUSED", { code: "VALIDATION" }))).toEqual({
      ip: { message: "setup.configurator.errors.connectionError" },
    });
    expect(conflictReason(serverError("max reached for configurators", { code: "CONFLICT", reason: "max_reached" }))).toBe("max_reached");
  });
});
