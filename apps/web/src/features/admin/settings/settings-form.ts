import { DEFAULT_GLOBAL_SETTINGS, fieldErrors, globalSettingsSchema, type GlobalSettings } from "@caresuite/domain";
import { firstFieldErrors, type FieldError } from "../../../api/errors";

/** Number inputs hold the NumberInput's string while empty or half typed. */
export type SettingsValues = { [K in keyof GlobalSettings]: GlobalSettings[K] extends number ? number | string : GlobalSettings[K] };

type NumberSetting = {
  [K in keyof GlobalSettings]: GlobalSettings[K] extends number ? K : never;
}[keyof GlobalSettings];
type BooleanSetting = {
  [K in keyof GlobalSettings]: GlobalSettings[K] extends boolean ? K : never;
}[keyof GlobalSettings];

export interface SettingsSection {
  key: string;
  numbers: { name: NumberSetting; unit: string }[];
  switches: BooleanSetting[];
}

/** The form's layout; units per spec §9 ("monitoring timeout ... in minutes; defects timeout in seconds"). */
export const SETTINGS_SECTIONS: SettingsSection[] = [
  {
    key: "battery",
    numbers: [
      { name: "battery_threshold_low", unit: "percent" },
      { name: "battery_threshold_critical", unit: "percent" },
    ],
    switches: [],
  },
  {
    key: "monitoring",
    numbers: [
      { name: "monitoring_timeout_radio", unit: "minutes" },
      { name: "monitoring_timeout_tech", unit: "minutes" },
      { name: "monitoring_timeout_wired", unit: "minutes" },
      { name: "defects_timeout", unit: "seconds" },
    ],
    switches: [],
  },
  {
    key: "texts",
    numbers: [],
    switches: ["system_tree_text_long_required", "allow_empty_call_source_names", "ignore_linkable_node_pool_for_super_users"],
  },
];

/** The settings as form values; only the known settings (a query result also has __typename). */
export function settingsToValues(settings: GlobalSettings): SettingsValues {
  const values = { ...DEFAULT_GLOBAL_SETTINGS };
  for (const name of Object.keys(DEFAULT_GLOBAL_SETTINGS) as (keyof GlobalSettings)[]) {
    if (settings[name] !== undefined && settings[name] !== null) Object.assign(values, { [name]: settings[name] });
  }
  return values;
}

/** Converts the form to the input; half-typed numbers stay strings and fail validation as "numeric". */
export function valuesToSettingsInput(values: SettingsValues): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(values)) {
    if (typeof value === "string" && name !== "locale") {
      const number = Number(value);
      input[name] = value.trim() === "" ? null : Number.isFinite(number) ? number : value;
    } else {
      input[name] = value;
    }
  }
  return input;
}

/** The shared schema (the server runs the same one), first message per field. */
export function settingsErrors(input: Record<string, unknown>): Record<string, FieldError> {
  const parsed = globalSettingsSchema.safeParse(input);
  return parsed.success ? {} : firstFieldErrors(fieldErrors(parsed.error));
}
