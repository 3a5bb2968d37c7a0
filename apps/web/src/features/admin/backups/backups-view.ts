import type { CombinedError } from "urql";
import { BACKUP_FAILURES, type BackupFailure } from "@caresuite/domain";

/** The i18n key of a backup failure: the server's reason (`extensions.reason`) or a job's error. */
export function backupFailureKey(reason: string | null | undefined): string {
  const known = BACKUP_FAILURES.find((r) => r === reason);
  return `backups.error.${known ?? (reason === "interrupted" ? "interrupted" : "internal")}`;
}

/** The reason of a failed backup mutation (CONFLICT/NOT_FOUND carry one); "internal" otherwise. */
export function mutationReason(error: CombinedError | undefined): BackupFailure | "internal" {
  const reason = error?.graphQLErrors[0]?.extensions?.["reason"];
  return BACKUP_FAILURES.find((r) => r === reason) ?? "internal";
}

/** The job to follow: the running one, else none. */
export function runningJob<J extends { status: string; kind: string }>(jobs: readonly J[]): J | null {
  return jobs.find((job) => job.status === "running") ?? null;
}

/** How old the newest good backup is, in whole hours (null: none); product notes: "show the age of the last good backup". */
export function lastBackupAgeHours(backups: readonly { created_at: string }[], now: number): number | null {
  const newest = backups.reduce<number | null>((max, b) => {
    const at = Date.parse(b.created_at);
    return Number.isFinite(at) && (max === null || at > max) ? at : max;
  }, null);
  return newest === null ? null : Math.max(0, Math.floor((now - newest) / 3_600_000));
}
