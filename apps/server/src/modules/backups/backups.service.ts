import { copyFile, mkdir, rm } from "node:fs/promises";
import { join } from "node:path";
import {
  BACKUP_DEFAULT_RETENTION,
  BACKUP_DEFAULT_TIME,
  backupFolderName,
  backupSettingsSchema,
  backupsBeyondRetention,
  fieldErrors,
  latestBackupTime,
  PRODUCT_VERSION,
} from "@caresuite/domain";
import { sql, type Kysely } from "kysely";
import type { Config } from "../../config.ts";
import type { RequestContext } from "../../context.ts";
import type { Db } from "../../db/database.ts";
import { migrateToLatest } from "../../db/migrate.ts";
import type { Database } from "../../db/schema.ts";
import { AppError } from "../../errors/app-error.ts";
import type { PubSub } from "../../realtime/pubsub.ts";
import { callsTopic, SYSTEM_MESSAGES_TOPIC, systemMessage, type CallsSignal } from "../../realtime/topics.ts";
import { writeAudit } from "../audit/audit.repo.ts";
import { markInterruptedUpload, shipBackup } from "../online-backup/online-backup.service.ts";
import { startPasses } from "../reports/report-scheduler.ts";
import { systemTimeZone } from "../reports/report-subscriptions.service.ts";
import { backupPostgres, backupSqlite, checkPostgresDump, checkSqlite, restorePostgres } from "./backup-database.ts";
import { resetAnalyticsRollup } from "../analytics/analytics-rollup.ts";
import {
  BackupError,
  backupFolderPath,
  backupsRoot,
  copyTree,
  createPartialFolder,
  destinationFailure,
  ensureDestination,
  listBackups,
  listFiles,
  readManifest,
  removePartialFolders,
  sealBackup,
  verifyChecksums,
  writeFileAtomic,
  type BackupManifest,
} from "./backup-store.ts";

/**
 * Backups and restore of /admin/backups (docs/decisions/041-backups.md).
 *
 * A backup is a job: claimed by inserting its row with `active = 1` (unique: never two jobs at
 * once, on any instance; a scheduled one also claims its `slot`), built in a partial folder,
 * sealed by its manifest and renamed into place (backup-store.ts). `createBackup` is the seam for
 * anything that ships backups elsewhere: it resolves with a finished, listed folder.
 */

/** What backups need of the process (the HTTP layer's Services and a request context fit). */
export interface BackupDeps {
  db: Db;
  config: Config;
  now: () => number;
  log?: { error(obj: unknown, msg?: string): void; warn(obj: unknown, msg?: string): void };
  /** For the online backup's `onlinebackup.result` push. */
  bus?: PubSub;
}

/** A running job whose heartbeat is older than this died with its process. */
export const STALE_JOB_MS = 10 * 60_000;
const HEARTBEAT_MS = 30_000;
/** Backup files shipped in a backup folder. */
export const DATABASE_FILE = { sqlite: "database.sqlite", postgres: "database.pgdump" } as const;
const UPLOADS = "uploads";

export interface BackupSettingsView {
  enabled: boolean;
  time: string;
  retention: number;
}

export interface BackupJobView {
  id: number;
  kind: string;
  trigger: string;
  status: string;
  folder: string | null;
  progress: number;
  error: string | null;
  size: number | null;
  started_at: string;
  finished_at: string | null;
}

export interface BackupView {
  name: string;
  created_at: string;
  trigger: string;
  dialect: string;
  migration: string;
  product_version: string;
  size: number;
  files: number;
}

export interface FinishedBackup {
  /** The folder name, e.g. 2026-11-27T0300Z. */
  name: string;
  /** Its absolute path under DATA_DIR/backups. */
  path: string;
  manifest: BackupManifest;
}

const iso = (ms: number | null): string | null => (ms === null ? null : new Date(Number(ms)).toISOString());

const toJobView = (row: Awaited<ReturnType<typeof jobRows>>[number]): BackupJobView => ({
  id: row.id,
  kind: row.kind,
  trigger: row.trigger,
  status: row.status,
  folder: row.folder,
  progress: row.progress,
  error: row.error,
  size: row.size === null ? null : Number(row.size),
  started_at: iso(row.started_at) ?? "",
  finished_at: iso(row.finished_at),
});

function jobRows(db: Kysely<Database>, limit: number) {
  return db.selectFrom("backup_jobs").selectAll().orderBy("id", "desc").limit(limit).execute();
}

async function readSettingsRow(db: Kysely<Database>): Promise<{ enabled: boolean; time: string; retention: number; updated_at: number | null }> {
  const row = await db.selectFrom("backup_settings").selectAll().where("id", "=", 1).executeTakeFirst();
  return row
    ? { enabled: row.enabled === 1, time: row.time, retention: row.retention, updated_at: Number(row.updated_at) }
    : { enabled: true, time: BACKUP_DEFAULT_TIME, retention: BACKUP_DEFAULT_RETENTION, updated_at: null };
}

export async function backupSettings(ctx: RequestContext): Promise<BackupSettingsView> {
  const { enabled, time, retention } = await readSettingsRow(ctx.db.kysely);
  return { enabled, time, retention };
}

export async function updateBackupSettings(ctx: RequestContext, data: unknown): Promise<BackupSettingsView> {
  const parsed = backupSettingsSchema.safeParse(data);
  if (!parsed.success) throw new AppError("VALIDATION", "Validation failed", { fields: fieldErrors(parsed.error) });
  const next = parsed.data;
  const now = ctx.now();
  return ctx.db.kysely.transaction().execute(async (trx) => {
    const before = await readSettingsRow(trx);
    const row = { enabled: next.enabled ? 1 : 0, time: next.time, retention: next.retention, updated_at: now };
    await trx
      .insertInto("backup_settings")
      .values({ id: 1, ...row })
      .onConflict((oc) => oc.column("id").doUpdateSet(row))
      .execute();
    const changes = (["enabled", "time", "retention"] as const)
      .filter((field) => before[field] !== next[field])
      .map((field) => ({ field, value_old: before[field], value_new: next[field] }));
    if (changes.length > 0)
      await writeAudit(trx, { systemId: null, userId: ctx.user.id, now, entityType: "backupSettings", entityId: null, action: "updated", changes });
    return next;
  });
}

export async function backupJobs(ctx: RequestContext): Promise<BackupJobView[]> {
  return (await jobRows(ctx.db.kysely, 10)).map(toJobView);
}

export async function backupList(ctx: Pick<RequestContext, "config">): Promise<BackupView[]> {
  return (await listBackups(ctx.config.DATA_DIR)).map(({ name, manifest }) => ({
    name,
    created_at: manifest.created_at,
    trigger: manifest.trigger,
    dialect: manifest.dialect,
    migration: manifest.migration,
    product_version: manifest.product_version,
    size: manifest.total_size,
    files: manifest.files.length,
  }));
}

/** The API's error for a backup failure: CONFLICT with the reason the web translates. */
export function backupAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const failure = error instanceof BackupError ? error : destinationFailure(error);
  const code = failure.reason === "not_found" ? "NOT_FOUND" : failure.reason === "internal" ? "INTERNAL" : "CONFLICT";
  return new AppError(code, failure.message, { reason: failure.reason });
}

/** Jobs left running by a process that died: all of them on SQLite (one process), stale ones on PostgreSQL. */
export async function markInterruptedBackups(deps: Pick<BackupDeps, "db" | "now">, options: { all: boolean }): Promise<number> {
  const now = deps.now();
  let update = deps.db.kysely
    .updateTable("backup_jobs")
    .set({ status: "interrupted", active: null, error: "interrupted", finished_at: now })
    .where("status", "=", "running");
  if (!options.all) update = update.where("heartbeat_at", "<", now - STALE_JOB_MS);
  const result = await update.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** At start: partial folders and restore leftovers go, jobs of the dead process end as interrupted. */
export async function prepareBackups(deps: BackupDeps): Promise<void> {
  await removePartialFolders(deps.config.DATA_DIR);
  if (deps.db.sqlite) await rm(`${deps.db.sqlite.file}.restore`, { force: true });
  // A fresh site's first nightly backup is the next one, not one "missed" before it existed.
  await deps.db.kysely
    .insertInto("backup_settings")
    .values({ id: 1, enabled: 1, time: BACKUP_DEFAULT_TIME, retention: BACKUP_DEFAULT_RETENTION, updated_at: deps.now() })
    .onConflict((oc) => oc.column("id").doNothing())
    .execute();
  const interrupted = await markInterruptedBackups(deps, { all: deps.db.dialect === "sqlite" });
  if (interrupted > 0) deps.log?.warn({ interrupted }, "a backup or restore was interrupted by the restart");
  // docs/decisions/045: an upload the dead process left "in progress" ends as the error "interrupted".
  await markInterruptedUpload(deps, { all: deps.db.dialect === "sqlite" });
}

/** Takes the one-job lock: the job's row with active = 1. Null when another job holds it. */
async function claimJob(
  deps: Pick<BackupDeps, "db" | "now">,
  job: { kind: "backup" | "restore"; trigger: "scheduled" | "manual"; slot?: string; userId: number | null },
): Promise<number | null> {
  const now = deps.now();
  try {
    const row = await deps.db.kysely
      .insertInto("backup_jobs")
      .values({
        kind: job.kind,
        trigger: job.trigger,
        slot: job.slot ?? null,
        active: 1,
        status: "running",
        progress: 0,
        user_id: job.userId,
        started_at: now,
        heartbeat_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
  } catch (error) {
    // A unique claim (active, slot) taken by someone else: not an error of ours.
    const held = await deps.db.kysely
      .selectFrom("backup_jobs")
      .select("id")
      .where((eb) => eb.or([eb("active", "=", 1), ...(job.slot ? [eb("slot", "=", job.slot)] : [])]))
      .executeTakeFirst();
    if (held) return null;
    throw error;
  }
}

async function updateJob(
  db: Kysely<Database>,
  id: number,
  values: { progress?: number; status?: string; folder?: string | null; error?: string | null; size?: number | null; finished?: number },
  now: number,
): Promise<void> {
  const { finished, ...rest } = values;
  const done = rest.status !== undefined && rest.status !== "running";
  await db
    .updateTable("backup_jobs")
    .set({ ...rest, heartbeat_at: now, ...(done ? { active: null, finished_at: finished ?? now } : {}) })
    .where("id", "=", id)
    .execute();
}

async function lastMigration(db: Kysely<Database>): Promise<string> {
  const row = await sql<{ name: string | null }>`select max(name) as name from kysely_migration`.execute(db);
  return row.rows[0]?.name ?? "";
}

/** Non-secret facts about the site at backup time (restore takes everything from the database). */
async function settingsSnapshot(deps: BackupDeps): Promise<string> {
  const db = deps.db.kysely;
  const settings = await readSettingsRow(db);
  const systems = await db.selectFrom("systems").select(["id", "name", "timezone"]).orderBy("id").execute();
  const info = {
    product_version: PRODUCT_VERSION,
    dialect: deps.db.dialect,
    backup_settings: { enabled: settings.enabled, time: settings.time, retention: settings.retention },
    systems,
    public_url: deps.config.PUBLIC_URL ?? null,
  };
  return `${JSON.stringify(info, null, 2)}\n`;
}

/** In-process: the backup or restore running now (the row claim covers other instances). */
let running: Promise<unknown> | null = null;

/** Waits for the running backup or restore of this process (tests, shutdown). */
export async function settleBackups(): Promise<void> {
  await running?.catch(() => undefined);
}

/**
 * Makes a backup now and resolves with the finished folder: the seam for shipping backups
 * elsewhere. Throws AppError CONFLICT "busy" when another backup or restore runs, and the
 * translated failure ("destination_full", "destination_unwritable", …) when it fails: nothing of
 * a failed backup stays listed, and older backups are untouched.
 */
export async function createBackup(
  deps: BackupDeps,
  options: { trigger: "scheduled" | "manual"; userId: number | null; slot?: string; onStarted?: (jobId: number) => void },
): Promise<FinishedBackup> {
  return exclusively(async () => {
    // An unwritable destination is said at once, before a job exists.
    await ensureDestination(deps.config.DATA_DIR).catch((error: unknown) => {
      throw backupAppError(error);
    });
    const jobId = await claimJob(deps, { kind: "backup", trigger: options.trigger, slot: options.slot, userId: options.userId });
    if (jobId === null) throw busy();
    options.onStarted?.(jobId);
    const finished = await buildBackup(deps, jobId, options);
    // docs/decisions/045: a good backup is copied to the online backup when it is on (never throws).
    await shipBackup(deps, finished).catch((error: unknown) => deps.log?.error(error, "online backup failed"));
    return finished;
  });
}

const busy = (): AppError => new AppError("CONFLICT", "a backup or restore is running", { reason: "busy" });

/** Runs `work` as this process's one backup or restore; CONFLICT busy when one runs. */
async function exclusively<T>(work: () => Promise<T>): Promise<T> {
  if (running) throw busy();
  const promise = work();
  running = promise;
  try {
    return await promise;
  } finally {
    running = null;
  }
}

async function buildBackup(deps: BackupDeps, jobId: number, options: { trigger: "scheduled" | "manual"; userId: number | null }): Promise<FinishedBackup> {
  const db = deps.db.kysely;
  const started = deps.now();
  let partial: string | null = null;
  let lastBeat = 0;
  const progress = async (value: number): Promise<void> => {
    const now = deps.now();
    if (value < 100 && now - lastBeat < 250) return;
    lastBeat = now;
    await updateJob(db, jobId, { progress: Math.round(value) }, now);
  };
  // The heartbeat goes on while pg_dump or the SQLite copy run (no progress meanwhile): another
  // instance takes a job without one for STALE_JOB_MS as dead.
  const heartbeat = setInterval(() => void updateJob(db, jobId, {}, deps.now()).catch(() => undefined), HEARTBEAT_MS);
  heartbeat.unref();
  try {
    partial = await createPartialFolder(deps.config.DATA_DIR, jobId);
    await progress(2);
    // 1. the database (0–60 %)
    const databaseFile = join(partial, DATABASE_FILE[deps.db.dialect]);
    let migration: string;
    if (deps.db.sqlite) migration = await backupSqlite(deps.db.sqlite.file, databaseFile);
    else {
      await backupPostgres(deps.config.DATABASE_URL ?? "", databaseFile);
      migration = await lastMigration(db);
    }
    await progress(60);
    // 2. uploaded files (60–75 %) and the settings
    const uploads = join(deps.config.DATA_DIR, UPLOADS);
    try {
      await copyTree(uploads, join(partial, UPLOADS));
      await mkdir(join(partial, UPLOADS), { recursive: true });
      await writeFileAtomic(join(partial, "settings.json"), await settingsSnapshot(deps));
    } catch (error) {
      throw destinationFailure(error);
    }
    await progress(75);
    // 3. checksums, the manifest last, the rename (75–100 %)
    const { name, manifest } = await sealBackup(
      partial,
      backupFolderName(started),
      {
        format: 1,
        product_version: PRODUCT_VERSION,
        migration,
        dialect: deps.db.dialect,
        created_at: new Date(started).toISOString(),
        trigger: options.trigger,
      },
      (done, total) => void progress(75 + (20 * done) / total),
    );
    partial = null;
    const now = deps.now();
    await db.transaction().execute(async (trx) => {
      await updateJob(trx, jobId, { status: "done", progress: 100, folder: name, size: manifest.total_size }, now);
      await writeAudit(trx, {
        systemId: null,
        userId: options.userId,
        now,
        entityType: "configbackup",
        entityId: jobId,
        entityDisplayName: name,
        action: "created",
        meta: { trigger: options.trigger, size: manifest.total_size, migration },
      });
    });
    await pruneBackups(deps);
    return { name, path: join(backupsRoot(deps.config.DATA_DIR), name), manifest };
  } catch (error) {
    const failure = error instanceof BackupError ? error : destinationFailure(error);
    if (failure.reason === "internal") deps.log?.error(error, "backup failed");
    if (partial) await rm(partial, { recursive: true, force: true }).catch(() => undefined);
    const now = deps.now();
    await updateJob(db, jobId, { status: "failed", error: failure.reason }, now).catch(() => undefined);
    await writeAudit(db, {
      systemId: null,
      userId: options.userId,
      now,
      entityType: "configbackup",
      entityId: jobId,
      action: "backup",
      meta: { operation: "backup", result: "failed", reason: failure.reason },
    }).catch(() => undefined);
    throw backupAppError(failure);
  } finally {
    clearInterval(heartbeat);
  }
}

/** Deletes the oldest good backups beyond the retention count (only after a new one is good). */
async function pruneBackups(deps: BackupDeps): Promise<void> {
  const { retention } = await readSettingsRow(deps.db.kysely);
  const names = (await listBackups(deps.config.DATA_DIR)).map((b) => b.name);
  for (const name of backupsBeyondRetention(names, retention)) {
    const path = backupFolderPath(deps.config.DATA_DIR, name);
    if (!path) continue;
    await rm(path, { recursive: true, force: true });
    await writeAudit(deps.db.kysely, {
      systemId: null,
      userId: null,
      now: deps.now(),
      entityType: "configbackup",
      entityId: null,
      entityDisplayName: name,
      action: "deleted",
      meta: { reason: "retention" },
    });
  }
}

/** Starts a backup in the background for the on-demand button; the web polls the job's progress. */
export async function startBackup(ctx: RequestContext): Promise<BackupJobView> {
  const deps: BackupDeps = { db: ctx.db, config: ctx.config, now: ctx.now, bus: ctx.bus };
  let startedId: number | null = null;
  const started = new Promise<number>((resolve, reject) => {
    createBackup(deps, { trigger: "manual", userId: ctx.user.id, onStarted: (id) => ((startedId = id), resolve(id)) }).catch((error: unknown) => {
      // Before the claim: the caller hears of it; after it, the job row tells.
      if (startedId === null) reject(error instanceof Error ? error : new Error(String(error)));
    });
  });
  const id = await started;
  const row = await ctx.db.kysely.selectFrom("backup_jobs").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  return toJobView(row);
}

// ---------------------------------------------------------------------------------------------
// Restore

export interface RestoreResult {
  name: string;
  restored_at: string;
}

/**
 * Restores a backup (docs/decisions/041-backups.md). Everything is checked BEFORE anything is
 * touched: the manifest and every checksum, then the database copy itself (SQLite opens and passes
 * integrity_check; pg_restore --list reads the dump). Then the uploaded files are added (a
 * superset: the old and the new database both find theirs), the database is swapped atomically
 * (SQLite: rename; PostgreSQL: one transaction), migrated, and the process reloads what it holds
 * in memory. Files the restored data does not know are removed last.
 */
export async function restoreBackup(ctx: RequestContext, name: string): Promise<RestoreResult> {
  const deps: BackupDeps = { db: ctx.db, config: ctx.config, now: ctx.now };
  return exclusively(async () => {
    const folder = backupFolderPath(ctx.config.DATA_DIR, name);
    if (!folder || !(await readManifest(folder))) throw new AppError("NOT_FOUND", "no such backup", { reason: "not_found" });
    const jobId = await claimJob(deps, { kind: "restore", trigger: "manual", userId: ctx.user.id });
    if (jobId === null) throw busy();
    return runRestore(ctx, deps, jobId, name, folder);
  });
}

async function runRestore(ctx: RequestContext, deps: BackupDeps, jobId: number, name: string, folder: string): Promise<RestoreResult> {
  const db = ctx.db;
  const candidate = db.sqlite ? `${db.sqlite.file}.restore` : null;
  let workDir: string | null = null;
  let swapped = false;
  try {
    // 1. Verify, touching nothing.
    const manifest = await verifyChecksums(folder);
    if (manifest.dialect !== db.dialect) throw new BackupError("other_database", `the backup is of ${manifest.dialect}`);
    const ours = await lastMigration(db.kysely);
    if (manifest.migration > ours) throw new BackupError("newer_version", `the backup's schema ${manifest.migration} is newer than ${ours}`);
    const databaseFile = join(folder, DATABASE_FILE[db.dialect]);
    if (candidate) {
      try {
        await copyFile(databaseFile, candidate);
      } catch (error) {
        throw destinationFailure(error);
      }
      await checkSqlite(candidate);
    } else await checkPostgresDump(databaseFile);
    await updateJob(db.kysely, jobId, { progress: 40, folder: name }, deps.now());
    // 2. The uploaded files of the backup join the current ones.
    const uploads = join(ctx.config.DATA_DIR, UPLOADS);
    try {
      await copyTree(join(folder, UPLOADS), uploads);
    } catch (error) {
      throw destinationFailure(error);
    }
    // 3. The swap: all or nothing.
    if (db.sqlite && candidate) await db.sqlite.replace(candidate);
    else {
      workDir = await createPartialFolder(ctx.config.DATA_DIR, jobId);
      await restorePostgres(ctx.config.DATABASE_URL ?? "", databaseFile, join(workDir, "restore.sql"));
    }
    swapped = true;
    // 4. A backup of an older version is brought up to this one.
    await migrateToLatest(db);
    // 5. Files only the replaced data knew.
    const known = new Set(manifest.files.filter((f) => f.path.startsWith(`${UPLOADS}/`)).map((f) => f.path.slice(UPLOADS.length + 1)));
    for (const file of await listFiles(uploads)) if (!known.has(file)) await rm(join(uploads, file), { force: true });
    // 6. The restored data's own records: its copy of a running job ended with the backup.
    const now = deps.now();
    await db.kysely.transaction().execute(async (trx) => {
      // The analytics rollup is rebuilt from the restored calls (docs/decisions/034): a pass that
      // ran during the swap may have folded into the old data.
      await resetAnalyticsRollup(trx);
      await trx
        .updateTable("backup_jobs")
        .set({ status: "interrupted", active: null, error: "interrupted", finished_at: now })
        .where("status", "=", "running")
        .execute();
      await trx
        .insertInto("backup_jobs")
        .values({
          kind: "restore",
          trigger: "manual",
          slot: null,
          active: null,
          status: "done",
          folder: name,
          progress: 100,
          user_id: ctx.user.id,
          started_at: now,
          heartbeat_at: now,
          finished_at: now,
        })
        .execute();
      await writeAudit(trx, {
        systemId: null,
        userId: ctx.user.id,
        now,
        entityType: "configbackup",
        entityId: null,
        entityDisplayName: name,
        action: "backup",
        meta: { operation: "restore", folder: name, migration: manifest.migration },
      });
    });
    await reloadAfterRestore(ctx);
    return { name, restored_at: new Date(now).toISOString() };
  } catch (error) {
    const failure = error instanceof BackupError ? error : destinationFailure(error);
    if (failure.reason === "internal") deps.log?.error(error, "restore failed");
    if (!swapped) {
      await updateJob(db.kysely, jobId, { status: "failed", error: failure.reason }, deps.now()).catch(() => undefined);
      await writeAudit(db.kysely, {
        systemId: null,
        userId: ctx.user.id,
        now: deps.now(),
        entityType: "configbackup",
        entityId: null,
        entityDisplayName: name,
        action: "backup",
        meta: { operation: "restore", result: "refused", reason: failure.reason },
      }).catch(() => undefined);
    }
    throw backupAppError(failure);
  } finally {
    if (candidate) await rm(candidate, { force: true }).catch(() => undefined);
    if (workDir) await rm(workDir, { recursive: true, force: true }).catch(() => undefined);
  }
}

/**
 * What the process holds beside the database follows the restored data: the call-system links
 * are matched to the restored systems, open-call lists are dropped, and every browser is told to
 * reload (spec §7 "reload reloads").
 */
async function reloadAfterRestore(ctx: Pick<RequestContext, "db" | "bus" | "links">): Promise<void> {
  await ctx.links?.refresh();
  await announceRestore(ctx.db.kysely, ctx.bus);
}

async function announceRestore(db: Kysely<Database>, bus: PubSub): Promise<void> {
  const systems = await db.selectFrom("systems").select("id").execute();
  const reset: CallsSignal = { reset: true };
  for (const system of systems) await bus.publish(callsTopic(system.id), reset);
  await bus.publish(SYSTEM_MESSAGES_TOPIC, systemMessage("reload", {}));
}

// ---------------------------------------------------------------------------------------------
// Schedule

/** How often the scheduler looks (a minute, like the reports). */
export const BACKUP_TICK_MS = 60_000;
/** A scheduled time older than this is not made up for (the next one comes). */
const MAKE_UP_WINDOW_MS = 24 * 3_600_000;

/** One pass: stale jobs end, then the latest scheduled backup is made if it is owed. Returns the folder made, or null. */
export async function runDueBackup(deps: BackupDeps): Promise<string | null> {
  await markInterruptedBackups(deps, { all: false });
  if (!running) await markInterruptedUpload(deps, { all: false });
  const settings = await readSettingsRow(deps.db.kysely);
  if (!settings.enabled) return null;
  const now = deps.now();
  const first = await deps.db.kysely.selectFrom("systems").select("id").orderBy("id").executeTakeFirst();
  const zone = await systemTimeZone(deps.db.kysely, first?.id ?? 1);
  const due = latestBackupTime(now, settings.time, zone);
  // New settings (or a fresh site) start with the next time; a long outage makes up only the last day.
  if (now - due > MAKE_UP_WINDOW_MS || (settings.updated_at !== null && due < settings.updated_at)) return null;
  const slot = backupFolderName(due);
  const done = await deps.db.kysely.selectFrom("backup_jobs").select("id").where("slot", "=", slot).executeTakeFirst();
  if (done || running) return null;
  try {
    return (await createBackup(deps, { trigger: "scheduled", userId: null, slot })).name;
  } catch (error) {
    // Busy: the next tick tries again (the slot is not taken). A failed one is in its job row.
    if (error instanceof AppError && error.reason === "busy") return null;
    throw error;
  }
}

/** The nightly backup: a pass at start (one missed while the server was down is made now) and every minute. */
export function startBackupScheduler(deps: BackupDeps, tickMs = BACKUP_TICK_MS): () => Promise<void> {
  return startPasses(() => runDueBackup(deps), deps, "backup scheduler pass failed", tickMs);
}
