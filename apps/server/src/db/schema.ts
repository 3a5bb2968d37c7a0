import type { Generated } from "kysely";

/**
 * Table types of the database. Instants are stored as integer milliseconds since the Unix epoch
 * (UTC) in both dialects (BIGINT in PostgreSQL, INTEGER in SQLite): comparable, sortable and free
 * of time-zone parsing. See docs/decisions/002-storage.md.
 */
export interface Database {
  settings: SettingsTable;
  licences: LicencesTable;
  systems: SystemsTable;
  users: UsersTable;
  roles: RolesTable;
  role_permissions: RolePermissionsTable;
  user_roles: UserRolesTable;
  sessions: SessionsTable;
  login_throttle: LoginThrottleTable;
  audit_logs: AuditLogsTable;
  audit_log_changes: AuditLogChangesTable;
  role_callsource_group_permissions: RoleCallSourceGroupPermissionsTable;
  system_tree_nodes: SystemTreeNodesTable;
  system_tree_node_notes: SystemTreeNodeNotesTable;
  device_reachability_history: DeviceReachabilityHistoryTable;
  calls: CallsTable;
  callsystem_links: CallSystemLinksTable;
  display_profiles: DisplayProfilesTable;
  display_profile_settings: DisplayProfileSettingsTable;
  setup_state: SetupStateTable;
  system_views: SystemViewsTable;
  tree_views: TreeViewsTable;
  /** SQLite only (migration 0011): the FTS5 trigram index of the nodes' texts, filled by triggers. */
  system_tree_search: SystemTreeSearchTable;
  call_filters: CallFiltersTable;
  report_subscriptions: ReportSubscriptionsTable;
  export_jobs: ExportJobsTable;
  config_snapshots: ConfigSnapshotsTable;
  incidents: IncidentsTable;
  incident_monitors: IncidentMonitorsTable;
  incident_notification_settings: IncidentNotificationSettingsTable;
  incident_notifications: IncidentNotificationsTable;
  ldap_settings: LdapSettingsTable;
  ldap_group_roles: LdapGroupRolesTable;
  technical_report_sends: TechnicalReportSendsTable;
  backup_settings: BackupSettingsTable;
  backup_jobs: BackupJobsTable;
  tunnel_settings: TunnelSettingsTable;
  tunnel_state: TunnelStateTable;
  checkpoint_defects: CheckpointDefectsTable;
  incident_report_notifications: IncidentReportNotificationsTable;
  online_backup: OnlineBackupTable;
  analytics_epochs: AnalyticsEpochsTable;
}

/** Migration 0027: per system, a token that changes whenever calls are deleted (modules/analytics/analytics-rollup.ts). */
export interface AnalyticsEpochsTable {
  system_id: number;
  epoch: string;
}

/** Online backup over SFTP (migration 0024, one row, id 1). */
export interface OnlineBackupTable {
  id: number;
  enabled: number;
  path: string;
  host_key_fingerprint: string;
  /** Write-only: never sent to a client nor logged. */
  token: string;
  uploading_since: number | null;
  last_ok: number | null;
  last_name: string | null;
  last_error: string | null;
  last_at: number | null;
  updated_at: number;
}

/** The remote-access tunnel's settings (migration 0023, one row, id 1). */
export interface TunnelSettingsTable {
  id: number;
  host: string;
  port: number;
  username: string;
  /** key | password */
  auth_method: string;
  /** Write-only: never sent to a client nor logged. */
  private_key: string;
  /** Write-only: never sent to a client nor logged. */
  password: string;
  host_key_fingerprint: string;
  remote_port: number;
  updated_at: number;
}

/** Whether the tunnel should be open and what its holder reports (migration 0023, one row, id 1). */
export interface TunnelStateTable {
  id: number;
  open_until: number | null;
  /** off | connecting | open | error */
  status: string;
  failure: string | null;
  opened_by: number | null;
  opened_at: number | null;
  owner: string | null;
  owner_seen_at: number | null;
  updated_at: number;
}

/** The nightly backup's settings: one row, id 1 (migration 0022, docs/decisions/041-backups.md). */
export interface BackupSettingsTable {
  id: number;
  enabled: number;
  /** HH:mm in the site's zone. */
  time: string;
  retention: number;
  updated_at: number;
}

/** A backup or restore (migration 0022); `active` and `slot` are the claims. */
export interface BackupJobsTable {
  id: Generated<number>;
  /** backup | restore */
  kind: string;
  /** scheduled | manual */
  trigger: string;
  slot: string | null;
  /** 1 while running, null after: unique, so one job at a time. */
  active: number | null;
  /** running | done | failed | interrupted */
  status: string;
  folder: string | null;
  progress: number;
  error: string | null;
  size: number | null;
  user_id: number | null;
  started_at: number;
  heartbeat_at: number;
  finished_at: number | null;
}

/** A technical report's immediate incident e-mail (migration 0025, docs/decisions/038). */
export interface IncidentReportNotificationsTable {
  id: Generated<number>;
  system_id: number;
  incident_id: number;
  report_id: number;
  event_key: string;
  severity: string;
  email: string;
  status: string;
  attempts: Generated<number>;
  next_attempt_at: number | null;
  claimed_at: number | null;
  last_error: string | null;
  created_at: number;
  sent_at: number | null;
  updated_at: number;
}

/** A checkpoint whose defect flag is set (migration 0025, `checkpoint.defect` events), by its number. */
export interface CheckpointDefectsTable {
  system_id: number;
  number: number;
  since: number;
}

/**
 * One technical report's period (migration 0021, docs/decisions/038-technical-reports.md): the row
 * is the claim taken before the SMTP conversation; its key never lets a period go out twice.
 */
export interface TechnicalReportSendsTable {
  system_id: number;
  report_id: number;
  kind: string;
  period_key: string;
  /** sending | sent | retrying | failed */
  status: string;
  attempts: number;
  next_attempt_at: number | null;
  last_error: string | null;
  claimed_at: number;
  sent_at: number | null;
}

/** Incidents of the incident engine (migration 0017, spec data §3.8, docs/decisions/033). */
export interface IncidentsTable {
  id: Generated<number>;
  system_id: number;
  /** The target: the device (system tree node) the incident is about. */
  node_id: number;
  subject: string;
  /** The monitor of a ProbableDefect; 0 for the other subjects. */
  source_id: Generated<number>;
  severity: string;
  status: string;
  /** 1 while New or Assigned, null once Closed (the unique guard against doubles). */
  open_guard: number | null;
  /** The person it is assigned to. */
  user_id: number | null;
  /** Who closed it; null when the engine closed it because the device recovered. */
  closed_by_user_id: number | null;
  /** 1 after a person reopened it: the engine no longer closes it. */
  held: Generated<number>;
  created_at: number;
  assigned_at: number | null;
  closed_at: number | null;
  condition_ended_at: number | null;
  updated_at: number;
  /** Migration 0025: a Defect's call (the latest open defect call of the device); null otherwise. */
  call_id: Generated<number | null>;
}

/** Probable-defect monitors (migration 0017, spec data §3.8 "name, criterion, threshold, timeframe in hours"). */
export interface IncidentMonitorsTable {
  id: Generated<number>;
  system_id: number;
  name: string;
  criterion: string;
  threshold: number;
  timeframe: number;
  created_at: number;
  updated_at: number;
}

/** A user's incident e-mail grid, one row per ticked subject × severity cell (migration 0019, docs/decisions/039). */
export interface IncidentNotificationSettingsTable {
  user_id: number;
  subject: string;
  severity: string;
  /** When the cell was ticked: events from before it are not mailed. */
  created_at: number;
}

/** Incident e-mails, one per incident, user and event (migration 0019, docs/decisions/039). */
export interface IncidentNotificationsTable {
  id: Generated<number>;
  system_id: number;
  incident_id: number;
  user_id: number;
  /** severity:<severity> or reminder:<assigned_at>: unique per incident and user. */
  event_key: string;
  kind: string;
  severity: string;
  /** JSON array of addresses. */
  emails: string;
  /** queued, sending, retrying, sent, opened, confirmed, error, unknown (domain INCIDENT_NOTIFICATION_STATES). */
  status: string;
  attempts: Generated<number>;
  next_attempt_at: number | null;
  claimed_at: number | null;
  last_error: string | null;
  created_at: number;
  sent_at: number | null;
  updated_at: number;
}

/** The controller's configuration as last fetched per system (migration 0016, docs/decisions/028). */
export interface ConfigSnapshotsTable {
  system_id: number;
  /** JSON of the controller's configuration (docs/protocol.md "Configuration"), secrets dropped. */
  theirs: string;
  revision: number;
  fetched_at: number;
  imported_at: number | null;
}

/** A call log export run in the background (migration 0015, docs/decisions/025-call-log-exports.md). */
export interface ExportJobsTable {
  id: Generated<number>;
  system_id: number;
  user_id: number;
  format: string;
  /** Calls or SystemTree (migration 0018; jobs from before are Calls). */
  source: Generated<string>;
  state: string;
  /** The CallLogFilter as JSON (without paging); "{}" for a SystemTree export. */
  filter: string;
  locale: string;
  progress: Generated<number>;
  row_count: Generated<number>;
  error: string | null;
  file_name: string | null;
  created_at: number;
  finished_at: number | null;
}

/** Saved call filters (migration 0014, spec data §3.4). Id lists are JSON arrays. */
export interface CallFiltersTable {
  id: Generated<number>;
  system_id: number;
  owner_user_id: number;
  name: string;
  shared: number;
  range: string;
  custom_from: number | null;
  custom_to: number | null;
  call_type_ids: string;
  section_ids: string;
  node_ids: string;
  state: string;
  min_duration: number | null;
  created_at: number;
  updated_at: number;
}

/** A user's report of a saved filter with its delivery state (migration 0014). */
export interface ReportSubscriptionsTable {
  id: Generated<number>;
  filter_id: number;
  user_id: number;
  kind: string;
  /** JSON array of e-mail addresses, each one of the user's. */
  emails: string;
  enabled: number;
  status: Generated<string>;
  last_sent_period: string | null;
  last_sent_at: number | null;
  claimed_period: string | null;
  claimed_at: number | null;
  attempts: Generated<number>;
  next_attempt_at: number | null;
  last_error: string | null;
  created_at: number;
  updated_at: number;
}

/** Migration 0011: spec data §3.6 "System view: is_enabled, is_system_view, sort_order, apply_permissions, filters, role_permissions". */
export interface SystemViewsTable {
  id: Generated<number>;
  system_id: number;
  name: string;
  view_key: string;
  is_enabled: number;
  is_system_view: number;
  sort_order: number;
  apply_permissions: number;
  /** JSON [{ key, value }]. */
  filters: string;
  /** JSON [{ role_id, level }]. */
  role_permissions: string;
  created_at: number;
  updated_at: number;
}

/** Migration 0011: spec data §3.6 "Tree view: name, is_enabled, roles restriction". */
export interface TreeViewsTable {
  id: Generated<number>;
  system_id: number;
  name: string;
  is_enabled: number;
  /** JSON [role id]; empty: every role. */
  role_ids: string;
  created_at: number;
  updated_at: number;
}

export interface SystemTreeSearchTable {
  rowid: number;
  search_text: string;
  kind: string;
}

/** Migration 0008: first-run setup steps, each done once (`done_at` set by a conditional UPDATE). */
export interface SetupStateTable {
  step: string;
  done_at: number | null;
}

export interface DisplayProfilesTable {
  id: Generated<number>;
  name: string;
  slug: string;
  font_size: string;
  fullscreen: number;
  locale: string;
  show_presences: number;
  show_video_stream: number;
  show_calls_from_system: number;
  created_at: number;
  updated_at: number;
}

/** weekday/weekend schedule and five display-group ids per system of a profile. */
export interface DisplayProfileSettingsTable {
  profile_id: number;
  system_id: number;
  weekday_schedule_id: number | null;
  weekend_schedule_id: number | null;
  weekday_display_group_1_id: number | null;
  weekday_display_group_2_id: number | null;
  weekday_display_group_3_id: number | null;
  weekday_display_group_4_id: number | null;
  weekday_display_group_5_id: number | null;
  weekend_display_group_1_id: number | null;
  weekend_display_group_2_id: number | null;
  weekend_display_group_3_id: number | null;
  weekend_display_group_4_id: number | null;
  weekend_display_group_5_id: number | null;
}

export interface SystemTreeNodesTable {
  system_id: number;
  id: number;
  kind: string;
  parent_id: number | null;
  name: string;
  number: number | null;
  serial: string | null;
  mac: string | null;
  text_short: string;
  text_long: string;
  call_source_id: number | null;
  section_id: number | null;
  is_enabled: number;
  sort_order: number;
  default_call_type_id: number | null;
  deny_manual_call_closure: Generated<number>;
  battery: number | null;
  battery_reported_at: number | null;
  reachable: number;
  last_reachable_at: number | null;
  created_at: number;
  updated_at: number;
  /** Migration 0010 (spec data §3.6); booleans 0/1. */
  callback_number: string | null;
  comment: string | null;
  health: string | null;
  status: string | null;
  position: string | null;
  position_updated_at: number | null;
  is_linkable: Generated<number>;
  is_tech: Generated<number>;
  radio: Generated<number>;
  day_sound_level: number | null;
  night_sound_level: number | null;
  disable_buzzer_at_night: Generated<number>;
  mask_time_at_night: Generated<number>;
  display_time: number | null;
  show_calls_without_presence: Generated<number>;
  use_activity_control: Generated<number>;
  flight_profile_id: number | null;
  linked_system_tree_node_id: number | null;
  /** JSON object {call_source, checkpoint, button}. */
  device_text_overrides: Generated<string>;
  schedule_id: number | null;
  /** JSON array of display group ids. */
  display_group_ids: Generated<string>;
  active_display_group_override_id: number | null;
  inherit_section: Generated<number>;
  inherit_text_long: Generated<number>;
  inherit_text_short: Generated<number>;
  inherit_flight_profile: Generated<number>;
}

/** Migration 0010: spec data §3.6 "Note: text, author, created_at" of a node. */
export interface SystemTreeNodeNotesTable {
  id: Generated<number>;
  system_id: number;
  node_id: number;
  text: string;
  author: string;
  created_at: number;
}

/** Migration 0010: a device's reachable / unreachable periods (spec §9 "Reachability shown for 14 days"). */
export interface DeviceReachabilityHistoryTable {
  id: Generated<number>;
  system_id: number;
  node_id: number;
  from_at: number;
  /** Null while the period is still going. */
  to_at: number | null;
  reachable: number;
}

export interface CallsTable {
  id: Generated<number>;
  system_id: number;
  journal_id: Generated<string>;
  external_id: number;
  device_id: number;
  call_type_id: number;
  call_source_id: number | null;
  section_id: number | null;
  opened_at: number;
  closed_at: number | null;
  close_reason: string | null;
  manually_closed_by_username: string | null;
  handled_by_app_username: string | null;
  call_type_text: string;
  call_source_text: string;
  device_text_short: string;
  device_text_long: string;
  section_name: string;
  seq: number;
  /** Migration 0013: when staff presence first came to the call's room while it was open. */
  presence_at: Generated<number | null>;
}

export interface CallSystemLinksTable {
  system_id: number;
  last_seq: number;
  journal_id: Generated<string | null>;
  last_event_at: number | null;
  /** The controller's revision the last import brought. */
  config_revision: number | null;
  /** When that import ran; null: none yet, or the controller announced another revision (import due). */
  imported_at: number | null;
  updated_at: number;
}

export interface RoleCallSourceGroupPermissionsTable {
  role_id: number;
  callsource_group_id: number;
  system_id: number;
  permission_level: string;
}

/** Key/value JSON store for the single-row state: app state, global settings, app settings. */
export interface SettingsTable {
  key: string;
  value: string;
  updated_at: number;
}

export interface LicencesTable {
  id: Generated<number>;
  licence_id: number;
  customer: string;
  name: string;
  /** The verified payload of the activation code, as JSON. */
  payload: string;
  code: string;
  activated_at: number;
  is_active: number;
}

export interface SystemsTable {
  id: number;
  name: string;
  ip: string;
  username: string;
  /** Secret: write-only for clients without permission. */
  password: string;
  tcp_port: Generated<number>;
  weekend_start: Generated<number>;
  weekend_stop: Generated<number>;
  /** Migration 0006 (spec data §3.8); booleans 0/1, times in minutes since midnight. */
  dhcp: Generated<number>;
  gateway: Generated<string>;
  subnet: Generated<string>;
  ntp_server: Generated<string>;
  timezone: Generated<string>;
  daylight_savings: Generated<number>;
  display_language: Generated<string>;
  night_start: Generated<number>;
  night_stop: Generated<number>;
  auto_commit: Generated<number>;
  call_suppression_enabled: Generated<number>;
  /** JSON array of section ids of this system. */
  call_suppression_sections: Generated<string>;
  call_suppression_time_start: Generated<number>;
  call_suppression_time_end: Generated<number>;
  /** Firmware version of the last successful connection check. */
  version: string | null;
  created_at: number;
  updated_at: number;
}

export interface UsersTable {
  id: Generated<number>;
  username: string;
  name: string;
  password_hash: string;
  password_is_temporary: number;
  locale: string | null;
  homepage: string | null;
  is_superuser: number;
  is_ldap: number;
  /** JSON array of e-mail addresses. */
  emails: string;
  /** JSON array of system ids; empty = all systems. */
  system_access: string;
  notify_email: Generated<number>;
  notify_push: Generated<number>;
  created_at: number;
  updated_at: number;
}

export interface RolesTable {
  id: Generated<number>;
  name: string;
  sort_order: number;
}

export interface RolePermissionsTable {
  role_id: number;
  code: string;
  /** hide | read | write */
  level: string;
}

export interface UserRolesTable {
  user_id: number;
  role_id: number;
}

export interface SessionsTable {
  /** SHA-256 of the cookie token: a stolen database does not yield usable sessions. */
  token_hash: string;
  user_id: number;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
  ip: string;
  user_agent: string;
}

export interface LoginThrottleTable {
  /** "account:<username>" or "ip:<address>" */
  key: string;
  failures: number;
  window_started_at: number;
  blocked_until: number;
}

export interface AuditLogsTable {
  id: Generated<number>;
  system_id: number | null;
  user_id: number | null;
  created_at: number;
  entity_type: string;
  entity_id: number | null;
  entity_display_name: string | null;
  namespace: string;
  /** created | updated | deleted | loggedin | gets_committed | backup | cleanup | gets_imported */
  action: string;
  field: string | null;
  value_old: string | null;
  value_new: string | null;
  meta: string | null;
}

export interface AuditLogChangesTable {
  id: Generated<number>;
  audit_log_id: number;
  field: string;
  value_old: string | null;
  value_new: string | null;
}

/** LDAP sign-in settings: one row, id 1 (migration 0020). */
export interface LdapSettingsTable {
  id: number;
  enabled: number;
  dsn: string;
  starttls: number;
  base_dn: string;
  admin_user: string;
  /** Write-only: never sent to a client. */
  admin_password: string;
  user_filter: string;
  roles_attribute: string;
  updated_at: number;
}

/** The LDAP group → role mapping. */
export interface LdapGroupRolesTable {
  id: Generated<number>;
  group_dn: string;
  role_id: number;
  sort_order: number;
}
