import { z } from "zod";
import { SAFE_NO_NUL } from "./rules/input-safety.ts";
import { isPrivateKeyText, isTunnelHost, TUNNEL_FINGERPRINT_FORMAT, TUNNEL_VALIDATION } from "./tunnel.ts";
import { VALIDATION_KEYS } from "./validation-messages.ts";

/**
 * Online backup (spec "Online backup: enabled, path, root_folder_id, team_drive, token"; states
 * "Online backup: unconfigured, enabled, disabled, in progress, error"; docs/decisions/045-online-backup.md):
 * each good local backup is copied to a remote drive over SFTP. `path` is
 * sftp://user@host:port/folder, `token` the write-only private key or password, the host key
 * pinned by its SHA256 fingerprint like the tunnel's.
 */

export const ONLINE_BACKUP_STATES = ["unconfigured", "enabled", "disabled", "in_progress", "error"] as const;
export type OnlineBackupState = (typeof ONLINE_BACKUP_STATES)[number];

/**
 * Why an upload failed: classes, never the host's words. spec errors "Online backup: login
 * failure, login URL missing, editable only via localhost" are `login_failure`,
 * `login_url_missing` and the mutation's refusal reason `localhost_only`.
 */
export const ONLINE_BACKUP_FAILURES = [
  "login_failure",
  "login_url_missing",
  "host_key_changed",
  "unreachable",
  "timeout",
  "remote_unwritable",
  /** The process ended during the upload (a kill, a crash, a power cut): found at the next start. */
  "interrupted",
  "unknown",
] as const;
export type OnlineBackupFailure = (typeof ONLINE_BACKUP_FAILURES)[number];

export const ONLINE_BACKUP_VALIDATION = {
  /** A path that is not sftp://user@host[:port]/folder. */
  path: "validation.online_backup_path",
  fingerprint: TUNNEL_VALIDATION.fingerprint,
} as const;

export interface SftpLocation {
  username: string;
  host: string;
  port: number;
  /** The remote folder, absolute ("/backups") or relative to the login's home ("backups"); "" is the home. */
  folder: string;
}

/** Reads sftp://user@host[:port][/folder]; null when it is not one. A leading "//" after the host keeps an absolute folder. */
export function parseSftpPath(value: string): SftpLocation | null {
  const match = /^sftp:\/\/([A-Za-z0-9._][A-Za-z0-9._-]{0,99})@(\[[0-9a-fA-F:]+\]|[^/:@\s]+)(?::(\d{1,5}))?(\/[^\s\0]*)?$/.exec(value.trim());
  if (!match) return null;
  const [, username = "", rawHost = "", rawPort, rawFolder] = match;
  const host = rawHost.startsWith("[") ? rawHost.slice(1, -1) : rawHost;
  if (!isTunnelHost(host)) return null;
  const port = rawPort === undefined ? 22 : Number(rawPort);
  if (port < 1 || port > 65_535) return null;
  // "/folder" is relative to the home, "//abs/folder" absolute (the OpenSSH sftp URI convention).
  const folder = (rawFolder ?? "/").slice(1).replace(/\/+$/, "");
  if (folder.split("/").some((part) => part === "..")) return null;
  return { username, host, port, folder };
}

export const onlineBackupSettingsSchema = z
  .object({
    enabled: z.boolean({ error: VALIDATION_KEYS.invalid }),
    path: z
      .string({ error: VALIDATION_KEYS.invalid })
      .trim()
      .max(1000, { error: VALIDATION_KEYS.max_length })
      .refine((v) => v === "" || parseSftpPath(v) !== null, { error: ONLINE_BACKUP_VALIDATION.path }),
    /** The pinned host key (spec root_folder_id has no SFTP meaning; this takes its place). */
    host_key_fingerprint: z
      .string({ error: VALIDATION_KEYS.invalid })
      .trim()
      .refine((v) => v === "" || TUNNEL_FINGERPRINT_FORMAT.test(v), { error: ONLINE_BACKUP_VALIDATION.fingerprint }),
    /** Write-only: a private key or a password; empty keeps the stored one. */
    token: z
      .string({ error: VALIDATION_KEYS.invalid })
      .max(16_384, { error: VALIDATION_KEYS.max_length })
      .refine((v) => SAFE_NO_NUL.test(v), { error: VALIDATION_KEYS.invalid }),
  })
  .strict()
  .superRefine((s, issue) => {
    if (s.enabled && s.path === "") issue.addIssue({ code: "custom", path: ["path"], message: VALIDATION_KEYS.required, params: { field: "path" } });
    if (s.enabled && s.host_key_fingerprint === "")
      issue.addIssue({ code: "custom", path: ["host_key_fingerprint"], message: VALIDATION_KEYS.required, params: { field: "host_key_fingerprint" } });
  });
export type OnlineBackupSettingsInput = z.infer<typeof onlineBackupSettingsSchema>;

/** Whether a token is a private key (else it is a password). */
export const tokenIsPrivateKey = (token: string): boolean => isPrivateKeyText(token);

/**
 * The state shown (spec states): unconfigured without a path or a token; disabled when switched
 * off; in progress while uploading; error when the last upload failed; otherwise enabled.
 */
export function onlineBackupState(s: { enabled: boolean; path: string; has_token: boolean; uploading: boolean; last_ok: boolean | null }): OnlineBackupState {
  if (s.path === "" || !s.has_token) return "unconfigured";
  if (!s.enabled) return "disabled";
  if (s.uploading) return "in_progress";
  if (s.last_ok === false) return "error";
  return "enabled";
}

/** Whether an address is this machine itself: 127.0.0.1 or ::1 only (the tunnel's 127.0.0.2 is not). */
export function isLocalhostAddress(ip: string): boolean {
  return ip === "127.0.0.1" || ip === "::1" || ip === "::ffff:127.0.0.1";
}
