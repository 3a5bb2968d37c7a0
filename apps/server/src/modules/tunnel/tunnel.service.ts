import {
  fieldErrors,
  PASSWORD_REENTRY_MESSAGE,
  TUNNEL_VALIDATION,
  tunnelHostKeyScanSchema,
  tunnelMissing,
  tunnelOpenSchema,
  tunnelSettingsSchema,
  type TunnelAuthMethod,
  type TunnelFailure,
  type TunnelStatus,
} from "@caresuite/domain";
import type { RequestContext } from "../../context.ts";
import { AppError, type FieldErrors } from "../../errors/app-error.ts";
import { writeAudit } from "../audit/audit.repo.ts";
import { scanHostKey } from "./ssh-host-key.ts";
import { checkPrivateKey } from "./ssh-keys.ts";
import { readTunnelSettings, readTunnelState, userNameOf, writeTunnelSettings, type StoredTunnelSettings } from "./tunnel.repo.ts";

/**
 * Remote access at /admin/tunnel (route table: admin::manage_system and the management licence;
 * docs/decisions/042-remote-access-tunnel.md). The private key and the password never leave the
 * server: the view says only whether one is stored; empty keeps it, and a changed host, port or
 * user needs it typed again (ARCHITECTURE «Security rules»).
 */
export interface TunnelSettingsView {
  host: string;
  port: number;
  username: string;
  auth_method: TunnelAuthMethod;
  has_private_key: boolean;
  has_password: boolean;
  host_key_fingerprint: string;
  remote_port: number;
}

export interface TunnelStatusView {
  status: TunnelStatus;
  /** When it closes by itself (ISO 8601), while open or connecting. */
  open_until: string | null;
  failure: TunnelFailure | null;
  opened_by: string | null;
  opened_at: string | null;
}

const toView = (s: StoredTunnelSettings): TunnelSettingsView => ({
  host: s.host,
  port: s.port,
  username: s.username,
  auth_method: s.auth_method,
  has_private_key: s.private_key !== "",
  has_password: s.password !== "",
  host_key_fingerprint: s.host_key_fingerprint,
  remote_port: s.remote_port,
});

const invalid = (fields: FieldErrors): AppError => new AppError("VALIDATION", "Validation failed", { fields });
const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());
const HOUR_MS = 3_600_000;
/** How long reading a host key may take. */
const SCAN_TIMEOUT_MS = 8_000;

export async function tunnelSettings(ctx: RequestContext): Promise<TunnelSettingsView> {
  return toView(await readTunnelSettings(ctx.db.kysely));
}

export async function tunnelStatus(ctx: RequestContext): Promise<TunnelStatusView> {
  const state = await readTunnelState(ctx.db.kysely);
  const active = state.status === "open" || state.status === "connecting";
  return {
    status: state.status,
    open_until: active ? iso(state.open_until) : null,
    failure: state.status === "error" ? state.failure : null,
    opened_by: active ? await userNameOf(ctx.db.kysely, state.opened_by) : null,
    opened_at: active ? iso(state.opened_at) : null,
  };
}

/**
 * A stored secret goes only to the host, port and user it was saved with: moved, the chosen
 * method's secret must be typed again; the other method's is dropped (it belonged to the old
 * account, and asking for it again would stop a switch from key to password on a field the form
 * does not show).
 */
function resolveSecret(
  before: StoredTunnelSettings,
  next: { host: string; port: number; username: string },
  field: "private_key" | "password",
  typed: string,
  needed: boolean,
): string {
  if (typed !== "") return typed;
  const moved = before.host !== next.host || before.port !== next.port || before.username !== next.username;
  if (before[field] !== "" && moved) {
    if (!needed) return "";
    throw invalid({ [field]: [{ message: PASSWORD_REENTRY_MESSAGE, data: { field } }] });
  }
  return before[field];
}

/** Messages of the key checks (for the admin catalogue: docs/decisions/042 gives their texts). */
export const SSH_KEY_VALIDATION = {
  /** A key locked by a passphrase, without one. */
  encrypted: "validation.ssh_key_encrypted",
  /** A passphrase that does not open the key. */
  passphrase: "validation.ssh_key_passphrase",
} as const;

/**
 * With the key method, the key must be one ssh2 can use, opened by the password field as its
 * passphrase when it has one (docs/decisions/042): checked when the key, the password or the
 * method changed, so a locked key is refused here rather than failing every opening.
 */
function checkKey(
  before: StoredTunnelSettings,
  input: { auth_method: TunnelAuthMethod; private_key: string; password: string },
  next: StoredTunnelSettings,
): void {
  if (next.auth_method !== "key" || next.private_key === "") return;
  if (input.private_key === "" && input.password === "" && before.auth_method === "key") return;
  const result = checkPrivateKey(next.private_key, next.password);
  if (result === "unreadable") throw invalid({ private_key: [{ message: TUNNEL_VALIDATION.private_key, data: { field: "private_key" } }] });
  if (result === "encrypted") throw invalid({ private_key: [{ message: SSH_KEY_VALIDATION.encrypted, data: { field: "private_key" } }] });
  if (result === "wrong_passphrase") throw invalid({ password: [{ message: SSH_KEY_VALIDATION.passphrase, data: { field: "password" } }] });
}

const AUDITED_FIELDS = ["host", "port", "username", "auth_method", "host_key_fingerprint", "remote_port"] as const;

export async function updateTunnelSettings(ctx: RequestContext, data: unknown): Promise<TunnelSettingsView> {
  const parsed = tunnelSettingsSchema.safeParse(data);
  if (!parsed.success) throw invalid(fieldErrors(parsed.error));
  const input = parsed.data;
  const now = ctx.now();
  return ctx.db.kysely.transaction().execute(async (trx) => {
    const before = await readTunnelSettings(trx);
    const next: StoredTunnelSettings = {
      ...input,
      private_key: resolveSecret(before, input, "private_key", input.private_key, input.auth_method === "key"),
      // With a key the password is its passphrase: moved, it goes unless typed (checkKey asks for it when the key has one).
      password: resolveSecret(before, input, "password", input.password, input.auth_method === "password"),
    };
    checkKey(before, input, next);
    await writeTunnelSettings(trx, next, now);
    const changes: { field: string; value_old: unknown; value_new: unknown }[] = AUDITED_FIELDS.filter((field) => before[field] !== next[field]).map(
      (field) => ({
        field,
        value_old: before[field],
        value_new: next[field],
      }),
    );
    // The secrets show as "***", and only when one was typed.
    for (const field of ["private_key", "password"] as const) {
      if (input[field] !== "") changes.push({ field, value_old: before[field] ? "***" : null, value_new: "***" });
      else if (before[field] !== "" && next[field] === "") changes.push({ field, value_old: "***", value_new: null });
    }
    if (changes.length > 0) {
      await writeAudit(trx, { systemId: null, userId: ctx.user.id, now, entityType: "tunnelSettings", entityId: null, action: "updated", changes });
    }
    return toView(next);
  });
}

/**
 * Reads the key the host presents, for pinning it (nothing is stored, no secret is sent). Audited
 * (`tunnelSettings` / `scanned`, address and result) like the online backup's: an outbound
 * connection an admin chose.
 */
export async function scanTunnelHostKey(ctx: RequestContext, data: unknown): Promise<{ fingerprint: string | null; failure: TunnelFailure | null }> {
  const parsed = tunnelHostKeyScanSchema.safeParse(data);
  if (!parsed.success) throw invalid(fieldErrors(parsed.error));
  const result = await scanHostKey(parsed.data, { readyTimeoutMs: SCAN_TIMEOUT_MS });
  const answer = "fingerprint" in result ? { fingerprint: result.fingerprint, failure: null } : { fingerprint: null, failure: result.failure };
  await writeAudit(ctx.db.kysely, {
    systemId: null,
    userId: ctx.user.id,
    now: ctx.now(),
    entityType: "tunnelSettings",
    entityId: null,
    action: "scanned",
    meta: { host: parsed.data.host, port: parsed.data.port, result: answer.fingerprint ?? answer.failure },
  });
  return answer;
}

/**
 * Opens the tunnel for the chosen hours (1–24), or moves the limit of an open one. Resolves when
 * it is open or failed: the status says which (a failure closes it; audited with its class).
 */
export async function openTunnel(ctx: RequestContext, data: unknown): Promise<TunnelStatusView> {
  const parsed = tunnelOpenSchema.safeParse(data);
  if (!parsed.success) throw invalid(fieldErrors(parsed.error));
  const settings = await readTunnelSettings(ctx.db.kysely);
  const missing = tunnelMissing(toView(settings));
  if (missing) throw new AppError("CONFLICT", "remote access is not set up", { reason: missing });
  if (!ctx.tunnel) throw new AppError("CONFLICT", "remote access does not run in this process", { reason: "unavailable" });
  const outcome = await ctx.tunnel.open(ctx.user.id, ctx.now() + parsed.data.duration_hours * HOUR_MS);
  if (outcome === "busy") throw new AppError("CONFLICT", "the tunnel is connecting", { reason: "connecting" });
  return tunnelStatus(ctx);
}

export async function closeTunnel(ctx: RequestContext): Promise<TunnelStatusView> {
  if (!ctx.tunnel) throw new AppError("CONFLICT", "remote access does not run in this process", { reason: "unavailable" });
  await ctx.tunnel.close(ctx.user.id, "user");
  return tunnelStatus(ctx);
}
