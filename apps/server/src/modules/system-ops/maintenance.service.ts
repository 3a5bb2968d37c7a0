import { statfs } from "node:fs/promises";
import { sql } from "kysely";
import type { RequestContext } from "../../context.ts";
import { AppError } from "../../errors/app-error.ts";
import { writeAudit } from "../audit/audit.repo.ts";
import { listBackups } from "../backups/backup-store.ts";
import { importConfigChanges } from "../config-sync/config-sync.service.ts";

/**
 * The server's health on /admin/maintenance and its tools (docs/decisions/044-cleanup-logs-maintenance.md):
 * database, call-system links, disk, backups, last publish; restart a link, re-import the
 * configuration. Every tool is audited.
 */
export interface LinkHealth {
  system_id: number;
  name: string;
  connected: boolean;
  last_event_at: string | null;
  last_error: string | null;
}

export interface BackupHealth {
  count: number;
  latest_at: number | null;
}

export interface MaintenanceStatus {
  database_ok: boolean;
  database_latency_ms: number | null;
  links: LinkHealth[];
  disk_free_bytes: number | null;
  disk_total_bytes: number | null;
  backups: BackupHealth;
  last_publish_at: number | null;
  last_publish_system_id: number | null;
}

/** The good backups (a complete folder with a valid manifest, docs/decisions/041-backups.md): how many, and the newest one's time. */
export async function backupHealth(dataDir: string): Promise<BackupHealth> {
  const backups = await listBackups(dataDir);
  const latest = backups[0]?.manifest.created_at;
  return { count: backups.length, latest_at: latest === undefined ? null : Date.parse(latest) };
}

async function databaseHealth(ctx: RequestContext): Promise<{ ok: boolean; latency: number | null }> {
  const started = performance.now();
  try {
    await sql`select 1`.execute(ctx.db.kysely);
    return { ok: true, latency: Math.round((performance.now() - started) * 10) / 10 };
  } catch {
    return { ok: false, latency: null };
  }
}

export async function maintenanceStatus(ctx: RequestContext): Promise<MaintenanceStatus> {
  const db = ctx.db.kysely;
  const database = await databaseHealth(ctx);
  const systems = database.ok ? await db.selectFrom("systems").select(["id", "name"]).orderBy("id").execute() : [];
  const stored = database.ok ? await db.selectFrom("callsystem_links").select(["system_id", "last_event_at"]).execute() : [];
  const links = systems.map((system): LinkHealth => {
    const state = ctx.links?.get(system.id)?.state();
    const lastStored = stored.find((row) => row.system_id === system.id)?.last_event_at;
    return {
      system_id: system.id,
      name: system.name,
      connected: state?.connected ?? false,
      last_event_at: state?.last_event_at ?? (lastStored ? new Date(Number(lastStored)).toISOString() : null),
      last_error: state?.last_error ?? null,
    };
  });
  const disk = await statfs(ctx.config.DATA_DIR).catch(() => null);
  const publish = database.ok
    ? await db
        .selectFrom("audit_logs")
        .select(["created_at", "system_id"])
        .where("action", "=", "gets_committed")
        .orderBy("created_at", "desc")
        .limit(1)
        .executeTakeFirst()
    : undefined;
  return {
    database_ok: database.ok,
    database_latency_ms: database.latency,
    links,
    disk_free_bytes: disk ? disk.bavail * disk.bsize : null,
    disk_total_bytes: disk ? disk.blocks * disk.bsize : null,
    backups: await backupHealth(ctx.config.DATA_DIR),
    last_publish_at: publish ? Number(publish.created_at) : null,
    last_publish_system_id: publish?.system_id ?? null,
  };
}

/** Restarts the request's system's call-system link, audited. */
export async function restartCallSystemLink(ctx: RequestContext): Promise<boolean> {
  if (!ctx.links) throw new AppError("CONFLICT", "no call-system links run in this process", { reason: "not_connected" });
  const restarted = await ctx.links.restart(ctx.systemId);
  if (!restarted) throw new AppError("NOT_FOUND", "the system has no call-system link");
  await writeAudit(ctx.db.kysely, {
    systemId: ctx.systemId,
    userId: ctx.user.id,
    now: ctx.now(),
    entityType: "callsystemLink",
    entityId: ctx.systemId,
    action: "updated",
    meta: { tool: "restart_link" },
  });
  return true;
}

/** Re-imports the request's system's configuration from the call system (audited gets_imported by the import). */
export async function reimportConfiguration(ctx: RequestContext): Promise<number> {
  return importConfigChanges(ctx);
}
