import { z } from "zod";
import { LOCALES } from "./rules/locale.ts";
import { VALIDATION_KEYS, requiredOr } from "./validation-messages.ts";
import { BATTERY_THRESHOLD_LOW, BATTERY_THRESHOLD_CRITICAL } from "./constants.ts";

/** Global settings (spec data §3.2) with the spec's defaults. */
export interface GlobalSettings {
  ignore_linkable_node_pool_for_super_users: boolean;
  system_tree_text_long_required: boolean;
  allow_empty_call_source_names: boolean;
  battery_threshold_low: number;
  battery_threshold_critical: number;
  defects_timeout: number;
  monitoring_timeout_radio: number;
  monitoring_timeout_tech: number;
  monitoring_timeout_wired: number;
  locale: string;
}

export const DEFAULT_GLOBAL_SETTINGS: GlobalSettings = {
  ignore_linkable_node_pool_for_super_users: false,
  system_tree_text_long_required: false,
  allow_empty_call_source_names: false,
  battery_threshold_low: BATTERY_THRESHOLD_LOW,
  battery_threshold_critical: BATTERY_THRESHOLD_CRITICAL,
  // spec §9: "defects timeout in seconds"
  defects_timeout: 300,
  // spec §9: "monitoring timeout per device type in minutes"; EN 50134-2: radio devices report
  // at least every 24 hours.
  monitoring_timeout_radio: 1440,
  monitoring_timeout_tech: 1440,
  monitoring_timeout_wired: 60,
  locale: "de",
};

const percent = () =>
  z
    .number({ error: requiredOr(VALIDATION_KEYS.numeric) })
    .int({ error: VALIDATION_KEYS.numeric })
    .refine((v) => v >= 0 && v <= 100, { error: VALIDATION_KEYS.between, params: { min: 0, max: 100 } });
const minutes = (max: number) =>
  z
    .number({ error: requiredOr(VALIDATION_KEYS.numeric) })
    .int({ error: VALIDATION_KEYS.numeric })
    .refine((v) => v >= 1 && v <= max, { error: VALIDATION_KEYS.between, params: { min: 1, max } });

/** The global settings form and `updateGlobalSettings(data)`; critical must be below low. */
export const globalSettingsSchema = z
  .object({
    ignore_linkable_node_pool_for_super_users: z.boolean(),
    system_tree_text_long_required: z.boolean(),
    allow_empty_call_source_names: z.boolean(),
    battery_threshold_low: percent(),
    battery_threshold_critical: percent(),
    defects_timeout: minutes(86_400),
    monitoring_timeout_radio: minutes(10_080),
    monitoring_timeout_tech: minutes(10_080),
    monitoring_timeout_wired: minutes(10_080),
    locale: z.enum(LOCALES, { error: requiredOr(VALIDATION_KEYS.one_option_required) }),
  })
  .strict()
  .refine((s) => s.battery_threshold_critical < s.battery_threshold_low, {
    path: ["battery_threshold_critical"],
    // Its own message: "values must not be equal" was wrong for critical 60 / low 40.
    error: VALIDATION_KEYS.critical_below_low,
  });
