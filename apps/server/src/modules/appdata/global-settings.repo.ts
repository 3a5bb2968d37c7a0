import type { Kysely } from "kysely";
import { readSetting, writeSetting } from "../../db/settings.repo.ts";
import type { Database } from "../../db/schema.ts";
import { DEFAULT_GLOBAL_SETTINGS, type GlobalSettings } from "@caresuite/domain";

export type { GlobalSettings };

export async function readGlobalSettings(db: Kysely<Database>): Promise<GlobalSettings> {
  return { ...DEFAULT_GLOBAL_SETTINGS, ...(await readSetting<Partial<GlobalSettings>>(db, "global_settings")) };
}

export interface GlobalAppSettings {
  subscriptions_enabled: boolean;
}

export async function readGlobalAppSettings(db: Kysely<Database>): Promise<GlobalAppSettings> {
  return { subscriptions_enabled: false, ...(await readSetting<Partial<GlobalAppSettings>>(db, "global_app_settings")) };
}

export async function writeGlobalSettings(db: Kysely<Database>, settings: GlobalSettings, now: number): Promise<void> {
  await writeSetting(db, "global_settings", settings, now);
}
