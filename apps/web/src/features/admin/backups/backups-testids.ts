/** Test ids of /admin/backups (kept with the feature: the /login and /display bundles stay as they are). */
export const BACKUPS_TESTIDS = {
  page: "backups.page",
  start: "backups.start",
  progress: "backups.progress",
  error: "backups.error",
  list: "backups.list",
  row: (name: string): string => `backups.row.${name}`,
  restore: (name: string): string => `backups.restore.${name}`,
  confirm: "backups.confirm",
  restored: "backups.restored",
  settingsSave: "backups.settings.save",
  online: "backups.online",
  onlineState: "backups.online.state",
  onlineSave: "backups.online.save",
  onlineScan: "backups.online.scan",
  onlineScanResult: "backups.online.scanResult",
  field: (name: string): string => `backups.field.${name}`,
} as const;
