import {
  fieldErrors,
  isLocalhostAddress,
  onlineBackupSettingsSchema,
  onlineBackupState,
  parseSftpPath,
  PASSWORD_REENTRY_MESSAGE,
  tokenIsPrivateKey,
  TUNNEL_VALIDATION,
  type OnlineBackupFailure,
  type OnlineBackupState,
} from "@caresuite/domain";
import type { Kysely } from "kysely";
import type { RequestContext } from "../../context.ts";
import type { Database } from "../../db/schema.ts";
import { AppError } from "../../errors/app-error.ts";
import type { PubSub } from "../../realtime/pubsub.ts";
import { SYSTEM_MESSAGES_TOPIC, systemMessage } from "../../realtime/topics.ts";
import { writeAudit } from "../audit/audit.repo.ts";
import { checkPrivateKey } from "../tunnel/ssh-keys.ts";
import { OnlineBackupError, uploadBackup } from "./sftp-upload.ts";

/**
 * Online backup at /admin/backups (route table: admin::manage_backups and the management licence;
 * docs/decisions/045-online-backup.md). The token (private key or password) never leaves the
 * server; the settings are editable only from this machine itself (spec "editable only via
 * localhost").
 */
export interface OnlineBackupSettingsView {
  enabled: boolean;
  path: string;
  host_key_fingerprint: string;
  has_token: boolean;
}

export interface OnlineBackupStatusView {
  state: OnlineBackupState;
  /** The failure class of the last upload when it failed. */
  error: OnlineBackupFailure | null;
  last_ok: boolean | null;
  last_name: string | null;
  last_at: string | null;
}

interface Row {
  enabled: boolean;
  path: string;
  host_key_fingerprint: string;
  token: string;
  uploading_since: number | null;
  last_ok: boolean | null;
  last_name: string | null;
  last_error: string | null;
  last_at: number | null;
  /** Touched every UPLOAD_HEARTBEAT_MS while an upload runs: a stale one died with its process. */
  updated_at: number | null;
}

const EMPTY: Row = {
  enabled: false,
  path: "",
  host_key_fingerprint: "",
  token: "",
  uploading_since: null,
  last_ok: null,
  last_name: null,
  last_error: null,
  last_at: null,
  updated_at: null,
};

/**
 * While an upload runs, its process touches the row's `updated_at` this often; an upload whose
 * row was not touched for UPLOAD_STALE_MS died with its process (a kill, a crash, a power cut),
 * so the state never stays "in progress" for hours after one.
 */
const UPLOAD_HEARTBEAT_MS = 30_000;
export const UPLOAD_STALE_MS = 3 * 60_000;
const READY_TIMEOUT_MS = 10_000;

async function readRow(db: Kysely<Database>): Promise<Row> {
  const row = await db.selectFrom("online_backup").selectAll().where("id", "=", 1).executeTakeFirst();
  if (!row) return { ...EMPTY };
  return {
    enabled: row.enabled === 1,
    path: row.path,
    host_key_fingerprint: row.host_key_fingerprint,
    token: row.token,
    uploading_since: row.uploading_since === null ? null : Number(row.uploading_since),
    last_ok: row.last_ok === null ? null : row.last_ok === 1,
    last_name: row.last_name,
    last_error: row.last_error,
    last_at: row.last_at === null ? null : Number(row.last_at),
    updated_at: row.updated_at === null ? null : Number(row.updated_at),
  };
}

type DbRow = Omit<Database["online_backup"], "id" | "updated_at">;

function toDb(r: Partial<Row>): Partial<DbRow> {
  const { enabled, last_ok, updated_at: _updatedAt, ...rest } = r;
  return {
    ...rest,
    ...(enabled === undefined ? {} : { enabled: enabled ? 1 : 0 }),
    ...(last_ok === undefined ? {} : { last_ok: last_ok === null ? null : last_ok ? 1 : 0 }),
  };
}

async function writeRow(db: Kysely<Database>, change: Partial<Row>, now: number): Promise<void> {
  const full = { ...(toDb({ ...EMPTY, ...change }) as DbRow), updated_at: now };
  await db
    .insertInto("online_backup")
    .values({ id: 1, ...full })
    .onConflict((oc) => oc.column("id").doUpdateSet({ ...toDb(change), updated_at: now }))
    .execute();
}

const toSettingsView = (r: Row): OnlineBackupSettingsView => ({
  enabled: r.enabled,
  path: r.path,
  host_key_fingerprint: r.host_key_fingerprint,
  has_token: r.token !== "",
});

function toStatusView(r: Row, now: number): OnlineBackupStatusView {
  const uploading = r.uploading_since !== null && now - (r.updated_at ?? r.uploading_since) < UPLOAD_STALE_MS;
  const state = onlineBackupState({ enabled: r.enabled, path: r.path, has_token: r.token !== "", uploading, last_ok: r.last_ok });
  return {
    state,
    error: r.last_ok === false ? (r.last_error as OnlineBackupFailure | null) : null,
    last_ok: r.last_ok,
    last_name: r.last_name,
    last_at: r.last_at === null ? null : new Date(r.last_at).toISOString(),
  };
}

export async function onlineBackupSettings(ctx: RequestContext): Promise<OnlineBackupSettingsView> {
  return toSettingsView(await readRow(ctx.db.kysely));
}

export async function onlineBackupStatus(ctx: RequestContext): Promise<OnlineBackupStatusView> {
  return toStatusView(await readRow(ctx.db.kysely), ctx.now());
}

/** The account a path logs in to (user, host, port): a stored token goes only there. */
const accountOf = (path: string): string => {
  const location = parseSftpPath(path);
  return location ? `${location.username}@${location.host}:${location.port}` : "";
};

const AUDITED = ["enabled", "path", "host_key_fingerprint"] as const;

/** A locked key (the token has no room for its passphrase): the backups catalogue's key. */
export const ONLINE_BACKUP_KEY_ENCRYPTED = "validation.online_backup_key_encrypted";

/**
 * A typed key must be one ssh2 can use without a passphrase (docs/decisions/045): refused on the
 * token field when saved, instead of a login failure at every night's upload.
 */
function checkToken(token: string): void {
  if (token === "" || !tokenIsPrivateKey(token)) return;
  const result = checkPrivateKey(token);
  if (result === "ok") return;
  const message = result === "unreadable" ? TUNNEL_VALIDATION.private_key : ONLINE_BACKUP_KEY_ENCRYPTED;
  throw new AppError("VALIDATION", "Validation failed", { fields: { token: [{ message, data: { field: "token" } }] } });
}

export async function updateOnlineBackupSettings(ctx: RequestContext, data: unknown): Promise<OnlineBackupSettingsView> {
  // spec "Online backup: … editable only via localhost": the request must come from this machine.
  if (!isLocalhostAddress(ctx.ip)) throw new AppError("CONFLICT", "online backup settings are editable only via localhost", { reason: "localhost_only" });
  const parsed = onlineBackupSettingsSchema.safeParse(data);
  if (!parsed.success) throw new AppError("VALIDATION", "Validation failed", { fields: fieldErrors(parsed.error) });
  const input = parsed.data;
  checkToken(input.token);
  const now = ctx.now();
  const result = await ctx.db.kysely.transaction().execute(async (trx) => {
    const before = await readRow(trx);
    let token = input.token;
    if (token === "") {
      if (before.token !== "" && accountOf(before.path) !== accountOf(input.path)) {
        throw new AppError("VALIDATION", "Validation failed", { fields: { token: [{ message: PASSWORD_REENTRY_MESSAGE, data: { field: "token" } }] } });
      }
      token = before.token;
    }
    const next: Row = { ...before, enabled: input.enabled, path: input.path, host_key_fingerprint: input.host_key_fingerprint, token };
    await writeRow(trx, { enabled: next.enabled, path: next.path, host_key_fingerprint: next.host_key_fingerprint, token: next.token }, now);
    const changes: { field: string; value_old: unknown; value_new: unknown }[] = AUDITED.filter((f) => before[f] !== next[f]).map((field) => ({
      field,
      value_old: before[field],
      value_new: next[field],
    }));
    // The token shows as "***", and only when one was typed.
    if (input.token !== "") changes.push({ field: "token", value_old: before.token ? "***" : null, value_new: "***" });
    if (changes.length > 0) {
      await writeAudit(trx, { systemId: null, userId: ctx.user.id, now, entityType: "onlineBackup", entityId: null, action: "updated", changes });
    }
    return next;
  });
  if (input.token !== "") await ctx.bus.publish(SYSTEM_MESSAGES_TOPIC, systemMessage("onlinebackup.token", { has_token: true }));
  return toSettingsView(result);
}

export interface OnlineBackupDeps {
  db: { kysely: Kysely<Database> };
  now: () => number;
  bus?: PubSub;
  log?: { error(obj: unknown, msg?: string): void };
}

/**
 * After a good local backup: when online backup is enabled and set up, uploads it and records
 * the result (never throws; the result is pushed as `onlinebackup.result`). Returns the result,
 * or null when nothing was to do.
 */
export async function shipBackup(
  deps: OnlineBackupDeps,
  backup: { name: string; path: string },
): Promise<{ ok: boolean; name: string; error: OnlineBackupFailure | null } | null> {
  const db = deps.db.kysely;
  const row = await readRow(db);
  if (!row.enabled) return null;
  const location = parseSftpPath(row.path);
  let error: OnlineBackupFailure | null = null;
  if (!location || row.token === "" || row.host_key_fingerprint === "") error = "login_url_missing";
  else {
    await writeRow(db, { uploading_since: deps.now() }, deps.now());
    const heartbeat = setInterval(
      () =>
        void db
          .updateTable("online_backup")
          .set({ updated_at: deps.now() })
          .where("id", "=", 1)
          .where("uploading_since", "is not", null)
          .execute()
          .catch(() => undefined),
      UPLOAD_HEARTBEAT_MS,
    );
    heartbeat.unref();
    try {
      const settings = await db.selectFrom("backup_settings").select("retention").where("id", "=", 1).executeTakeFirst();
      await uploadBackup({ ...location, host_key_fingerprint: row.host_key_fingerprint, token: row.token }, backup, settings?.retention ?? 7, {
        readyTimeoutMs: READY_TIMEOUT_MS,
      });
    } catch (e) {
      error = e instanceof OnlineBackupError ? e.failure : "unknown";
      if (error === "unknown") deps.log?.error({ name: backup.name }, "online backup failed");
    } finally {
      clearInterval(heartbeat);
    }
  }
  const now = deps.now();
  const ok = error === null;
  await writeRow(db, { uploading_since: null, last_ok: ok, last_name: backup.name, last_error: error, last_at: now }, now);
  await writeAudit(db, {
    systemId: null,
    userId: null,
    now,
    entityType: "onlineBackup",
    entityId: null,
    entityDisplayName: backup.name,
    action: "backup",
    meta: { operation: "upload", result: ok ? "done" : "failed", ...(error ? { reason: error } : {}) },
  }).catch(() => undefined);
  const result = { ok, name: backup.name, error };
  await deps.bus?.publish(SYSTEM_MESSAGES_TOPIC, systemMessage("onlinebackup.result", result)).catch(() => undefined);
  return result;
}

/**
 * An upload its process did not finish (killed, crashed, the machine off during it) ends as the
 * error `interrupted`, audited: at start all of them on SQLite (one process), on PostgreSQL those
 * whose heartbeat is stale (another instance may be uploading). Returns whether one was ended.
 */
export async function markInterruptedUpload(
  deps: { db: { kysely: Kysely<Database> }; now: () => number; log?: { warn(obj: unknown, msg?: string): void } },
  options: { all: boolean },
): Promise<boolean> {
  const now = deps.now();
  const error: OnlineBackupFailure = "interrupted";
  const ended = await deps.db.kysely.transaction().execute(async (trx) => {
    let update = trx
      .updateTable("online_backup")
      .set({ uploading_since: null, last_ok: 0, last_error: error, last_at: now, updated_at: now })
      .where("id", "=", 1)
      .where("uploading_since", "is not", null);
    if (!options.all) update = update.where("updated_at", "<", now - UPLOAD_STALE_MS);
    const result = await update.executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return false;
    await writeAudit(trx, {
      systemId: null,
      userId: null,
      now,
      entityType: "onlineBackup",
      entityId: null,
      action: "backup",
      meta: { operation: "upload", result: "failed", reason: error },
    });
    return true;
  });
  if (ended) deps.log?.warn({ reason: error }, "an online backup upload was interrupted (the process ended during it)");
  return ended;
}
