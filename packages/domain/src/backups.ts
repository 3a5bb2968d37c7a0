import { z } from "zod";
import { addDays, localDateTime, zonedInstant } from "./rules/report-schedule.ts";
import { VALIDATION_KEYS } from "./validation-messages.ts";

/**
 * Backups of /admin/backups (spec route table "/admin backups | admin::manage_backups and
 * management licence"; docs/decisions/041-backups.md). Product notes: "nightly database backup
 * (03:00 by default, one folder per date)"; "keep several generations".
 */

/** The default time of the nightly backup, local to the site (the first system's zone). */
export const BACKUP_DEFAULT_TIME = "03:00";
/** Good backups kept by default; the oldest beyond it are deleted after each new one. */
export const BACKUP_DEFAULT_RETENTION = 7;
export const BACKUP_RETENTION_MAX = 365;

/** A backup folder: `2026-11-27T0300Z`, the UTC minute it started, with `-2`… when one exists already. */
export const BACKUP_FOLDER = /^\d{4}-\d{2}-\d{2}T\d{4}Z(?:-\d{1,3})?$/;

/**
 * Reasons the server gives for a refused backup or restore (`extensions.reason`); the web shows
 * `backups.error.<reason>`.
 */
export const BACKUP_FAILURES = [
  "busy",
  "destination_unwritable",
  "destination_full",
  "not_found",
  "corrupt",
  "other_database",
  "newer_version",
  "tool_failed",
  "internal",
] as const;
export type BackupFailure = (typeof BACKUP_FAILURES)[number];

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The settings form of /admin/backups, shared by the server and the web. */
export const backupSettingsSchema = z.object({
  enabled: z.boolean({ error: VALIDATION_KEYS.invalid }),
  time: z.string({ error: VALIDATION_KEYS.required }).regex(HH_MM, { error: VALIDATION_KEYS.format }),
  retention: z
    .number({ error: VALIDATION_KEYS.numeric })
    .int({ error: VALIDATION_KEYS.numeric })
    .min(1, { error: VALIDATION_KEYS.between })
    .max(BACKUP_RETENTION_MAX, { error: VALIDATION_KEYS.between }),
});
export type BackupSettingsInput = z.infer<typeof backupSettingsSchema>;

/** The folder name of a backup started at `instant`: `yyyy-MM-ddTHHmmZ` (UTC). */
export function backupFolderName(instant: number): string {
  const iso = new Date(instant).toISOString();
  return `${iso.slice(0, 10)}T${iso.slice(11, 13)}${iso.slice(14, 16)}Z`;
}

/**
 * The latest scheduled backup time at or before `now`: today's `time` in the zone, or
 * yesterday's before it (a backup missed while the server was down is still owed, once).
 */
export function latestBackupTime(now: number, time: string, timeZone: string): number {
  const [hour, minute] = time.split(":").map(Number);
  const today = localDateTime(now, timeZone);
  const at = (day: { year: number; month: number; day: number }): number => zonedInstant({ ...day, hour: hour ?? 3, minute: minute ?? 0 }, timeZone);
  const todayAt = at(today);
  return todayAt <= now ? todayAt : at(addDays(today, -1));
}

/**
 * The good backups to delete so that `retention` remain: the oldest first. Folder names sort by
 * time (ISO, UTC); a name that is not a backup folder is never chosen.
 */
export function backupsBeyondRetention(folders: readonly string[], retention: number): string[] {
  const sorted = folders.filter((name) => BACKUP_FOLDER.test(name)).sort(compareBackupFolders);
  return sorted.slice(0, Math.max(0, sorted.length - Math.max(1, retention)));
}

/** Oldest first: by the time in the name, then by the `-n` suffix. */
export function compareBackupFolders(a: string, b: string): number {
  const [timeA = "", suffixA = "1"] = a.split("-").length > 3 ? [a.slice(0, 16), a.slice(17)] : [a, "1"];
  const [timeB = "", suffixB = "1"] = b.split("-").length > 3 ? [b.slice(0, 16), b.slice(17)] : [b, "1"];
  return timeA === timeB ? Number(suffixA) - Number(suffixB) : timeA < timeB ? -1 : 1;
}
