import { z } from "zod";
import { fieldErrors, isLocalhostAddress, onlineBackupSettingsSchema, parseSftpPath, VALIDATION_KEYS } from "@caresuite/domain";
import type { RequestContext } from "../../context.ts";
import { AppError } from "../../errors/app-error.ts";
import { writeAudit } from "../audit/audit.repo.ts";
import { scanHostKey, type HostKeyScanFailure } from "../tunnel/ssh-host-key.ts";

/**
 * "Read host key" of the online backup form (docs/decisions/045-online-backup.md): the same scan
 * as the tunnel's (modules/tunnel/ssh-host-key.ts) against the host and port of the typed
 * sftp:// path. Nothing is stored and no secret is sent; the admin compares the fingerprint with
 * what the target's owner says and saves it. Like saving, only from this machine itself: the
 * scan makes this server connect wherever the path says, which a technician coming through the
 * tunnel must not steer. Audited (`onlineBackup` / `scanned`) with the address and the result.
 */
const SCAN_TIMEOUT_MS = 10_000;

/** The form's path rule (the settings schema's own), and here it is required. */
const scanSchema = z
  .object({ path: onlineBackupSettingsSchema.shape.path })
  .strict()
  .superRefine((s, issue) => {
    if (s.path === "") issue.addIssue({ code: "custom", path: ["path"], message: VALIDATION_KEYS.required, params: { field: "path" } });
  });

export async function scanOnlineBackupHostKey(ctx: RequestContext, data: unknown): Promise<{ fingerprint: string | null; failure: HostKeyScanFailure | null }> {
  if (!isLocalhostAddress(ctx.ip)) throw new AppError("CONFLICT", "online backup settings are editable only via localhost", { reason: "localhost_only" });
  const parsed = scanSchema.safeParse(data);
  if (!parsed.success) throw new AppError("VALIDATION", "Validation failed", { fields: fieldErrors(parsed.error) });
  // The schema accepted it: a parseable path.
  const location = parseSftpPath(parsed.data.path);
  if (!location) throw new AppError("VALIDATION", "Validation failed", { fields: { path: [{ message: VALIDATION_KEYS.invalid, data: { field: "path" } }] } });
  const result = await scanHostKey({ host: location.host, port: location.port }, { readyTimeoutMs: SCAN_TIMEOUT_MS });
  const answer = "fingerprint" in result ? { fingerprint: result.fingerprint, failure: null } : { fingerprint: null, failure: result.failure };
  await writeAudit(ctx.db.kysely, {
    systemId: null,
    userId: ctx.user.id,
    now: ctx.now(),
    entityType: "onlineBackup",
    entityId: null,
    action: "scanned",
    meta: { host: location.host, port: location.port, result: answer.fingerprint ?? answer.failure },
  });
  return answer;
}
