/** A hub whose data is outdated (banner "outdated hub data"). */
export interface OutdatedHub {
  id: number;
  name: string;
  /** ISO-8601 UTC, or null when never synced. */
  last_sync: string | null;
}

/** Public parameters of one system (AppData `publicSystemParams`). */
export interface PublicSystemParams {
  id: number;
  name: string;
  /** Minutes from a Monday-start week. */
  weekend_start: number;
  weekend_stop: number;
}

/**
 * Application state (data spec §3.2). Timestamps are ISO-8601 UTC strings;
 * epoch zero ("1970-01-01T00:00:00.000Z") means "never".
 */
export interface AppState {
  offline_mode: boolean;
  app_gateway_enabled: boolean;
  app_gateway_system_id: number | null;
  /** Time of the last configuration change. */
  last_gets_change: string;
  /** Time of the last configuration commit; epoch zero = never synced. */
  last_gets_commit: string;
  /** Start time of the running commit, or null; committing while under 900 s old. */
  committing_gets_config: string | null;
  configurator_ip: string | null;
  configurator_version: string | null;
  /** Set when the setup wizard finished; null on a fresh install. */
  setup_time: string | null;
  /** Whether the initial user exists (setup step 4). */
  has_initial_user: boolean;
  features: { display_group_overrides: boolean; demo_mode: boolean; incidents: boolean };
  outdated_hubs: OutdatedHub[];
}
