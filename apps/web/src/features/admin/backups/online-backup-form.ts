import { fieldErrors, ONLINE_BACKUP_FAILURES, ONLINE_BACKUP_STATES, onlineBackupSettingsSchema, type OnlineBackupSettingsInput } from "@caresuite/domain";
import type { CombinedError } from "urql";
import { firstFieldErrors, type FieldError } from "../../../api/errors";

/** The online backup form (docs/decisions/045-online-backup.md): the token is write-only. */
export interface StoredOnlineBackupSettings {
  enabled: boolean;
  path: string;
  host_key_fingerprint: string;
  has_token: boolean;
}

export const ONLINE_BACKUP_FIELDS: ReadonlySet<string> = new Set(["enabled", "path", "host_key_fingerprint", "token"]);

export function onlineBackupValues(stored: StoredOnlineBackupSettings): OnlineBackupSettingsInput {
  // Never sent to the browser: the token starts empty (empty keeps the stored one).
  return { enabled: stored.enabled, path: stored.path, host_key_fingerprint: stored.host_key_fingerprint, token: "" };
}

/** The client check: the server's schema (packages/domain online-backup.ts). */
export function onlineBackupErrors(input: OnlineBackupSettingsInput): Record<string, FieldError> {
  const parsed = onlineBackupSettingsSchema.safeParse(input);
  return parsed.success ? {} : firstFieldErrors(fieldErrors(parsed.error));
}

/**
 * The check before reading the host key: only the path counts, and it is needed (the server's
 * rule: the settings schema's path, required as when switched on).
 */
export function onlineBackupScanErrors(input: OnlineBackupSettingsInput): Record<string, FieldError> {
  const path = onlineBackupErrors({ ...input, enabled: true })["path"];
  return path ? { path } : {};
}

/** The catalogue key of a state (spec "Online backup: unconfigured, enabled, disabled, in progress, error"). */
export function onlineBackupStateKey(state: string): string {
  return `backups.online.state.${ONLINE_BACKUP_STATES.find((s) => s === state) ?? "unconfigured"}`;
}

/** The catalogue key of a failure class; unknown ones say "unknown". */
export function onlineBackupFailureKey(failure: string | null): string {
  return `backups.online.error.${ONLINE_BACKUP_FAILURES.find((f) => f === failure) ?? "unknown"}`;
}

/** Whether the save was refused because the browser is not on this machine (spec "editable only via localhost"). */
export function refusedOffLocalhost(error: CombinedError | undefined): boolean {
  return error?.graphQLErrors[0]?.extensions?.["reason"] === "localhost_only";
}
