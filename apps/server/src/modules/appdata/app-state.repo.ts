import type { Kysely } from "kysely";
import { readSetting, writeSetting } from "../../db/settings.repo.ts";
import type { Database } from "../../db/schema.ts";

/** What the server keeps of the application state (spec data §3.2); times in epoch ms. */
export interface StoredAppState {
  setup_time: number | null;
  offline_mode: boolean;
  app_gateway_enabled: boolean;
  app_gateway_system_id: number | null;
  last_gets_change: number;
  last_gets_commit: number;
  commit_started_at: number | null;
  /** Why the last publish failed (null after a successful one); the changelog's error. */
  last_commit_error: string | null;
  configurator_version: string | null;
  features: { display_group_overrides: boolean; demo_mode: boolean; incidents: boolean };
}

export const DEFAULT_APP_STATE: StoredAppState = {
  setup_time: null,
  offline_mode: false,
  app_gateway_enabled: false,
  app_gateway_system_id: null,
  last_gets_change: 0,
  last_gets_commit: 0,
  commit_started_at: null,
  last_commit_error: null,
  configurator_version: null,
  // display_group_overrides: AppData reports it on (docs/decisions/022); kept for the stored shape.
  features: { display_group_overrides: true, demo_mode: false, incidents: true },
};

const KEY = "app_state";

export async function readAppState(db: Kysely<Database>): Promise<StoredAppState> {
  const stored = await readSetting<Partial<StoredAppState>>(db, KEY);
  return { ...DEFAULT_APP_STATE, ...stored, features: { ...DEFAULT_APP_STATE.features, ...stored?.features } };
}

export async function updateAppState(db: Kysely<Database>, patch: Partial<StoredAppState>, now: number): Promise<StoredAppState> {
  const next = { ...(await readAppState(db)), ...patch };
  await writeSetting(db, KEY, next, now);
  return next;
}
