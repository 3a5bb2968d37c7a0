import type { Kysely } from "kysely";
import { readSetting } from "../../db/settings.repo.ts";
import type { Database } from "../../db/schema.ts";

/** Global settings (spec data §3.2) with the spec's defaults; the admin issue makes them editable. */
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
  // spec §9: "Battery thresholds 40 low, 25 critical."
  battery_threshold_low: 40,
  battery_threshold_critical: 25,
  defects_timeout: 300,
  // EN 50134-2: wireless devices report at least every 24 hours.
  monitoring_timeout_radio: 1440,
  monitoring_timeout_tech: 1440,
  monitoring_timeout_wired: 60,
  locale: "de",
};

export async function readGlobalSettings(db: Kysely<Database>): Promise<GlobalSettings> {
  return { ...DEFAULT_GLOBAL_SETTINGS, ...(await readSetting<Partial<GlobalSettings>>(db, "global_settings")) };
}

export interface GlobalAppSettings {
  subscriptions_enabled: boolean;
}

export async function readGlobalAppSettings(db: Kysely<Database>): Promise<GlobalAppSettings> {
  return { subscriptions_enabled: false, ...(await readSetting<Partial<GlobalAppSettings>>(db, "global_app_settings")) };
}
