import { describe, expect, it } from "vitest";
import { DEFAULT_GLOBAL_SETTINGS } from "@caresuite/domain";
import { SETTINGS_SECTIONS, settingsErrors, settingsToValues, valuesToSettingsInput } from "./settings-form";

describe("global settings form", () => {
  it("shows every global setting exactly once (plus the locale select)", () => {
    const shown = [...SETTINGS_SECTIONS.flatMap((s) => [...s.numbers.map((n) => n.name), ...s.switches]), "locale"];
    expect([...shown].sort()).toEqual(Object.keys(DEFAULT_GLOBAL_SETTINGS).sort());
  });

  it("takes only the known settings from a query result (which also has __typename)", () => {
    const result = { ...DEFAULT_GLOBAL_SETTINGS, __typename: "GlobalSettings", battery_threshold_low: 45 };
    const input = valuesToSettingsInput(settingsToValues(result));
    expect(input).not.toHaveProperty("__typename");
    expect(input["battery_threshold_low"]).toBe(45);
    expect(settingsErrors(input)).toEqual({});
  });

  it("accepts the defaults (spec §9: battery thresholds 40 low, 25 critical)", () => {
    expect(settingsErrors(valuesToSettingsInput(settingsToValues(DEFAULT_GLOBAL_SETTINGS)))).toEqual({});
  });

  // 'Global settings "critical 60 / low 40" says "values must not be equal". It must say
  // "critical must be below low".'
  it.each([
    ["equal", 40, 40],
    ["above", 60, 40],
  ])("rejects a critical threshold %s the low one, saying critical must be below low", (_label, critical, low) => {
    const values = { ...settingsToValues(DEFAULT_GLOBAL_SETTINGS), battery_threshold_critical: critical, battery_threshold_low: low };
    expect(settingsErrors(valuesToSettingsInput(values))).toEqual({
      battery_threshold_critical: { message: "validation.critical_below_low", data: { field: "battery_threshold_critical" } },
    });
  });

  it("reports an emptied or half-typed number on its field", () => {
    const values = { ...settingsToValues(DEFAULT_GLOBAL_SETTINGS), defects_timeout: "", monitoring_timeout_radio: "-" };
    const input = valuesToSettingsInput(values);
    expect(input["defects_timeout"]).toBeNull();
    expect(settingsErrors(input)).toMatchObject({
      defects_timeout: { message: "validation.required" },
      monitoring_timeout_radio: { message: "validation.numeric" },
    });
  });
});
