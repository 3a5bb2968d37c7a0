import { mkdir, readdir, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import { setImmediate as yieldToLoop } from "node:timers/promises";
import { canAccessSystem, hasPermission, isLicensed, LOCALES, VALIDATION_KEYS, type Locale } from "@caresuite/domain";
import type { Kysely, Selectable } from "kysely";
import type { RequestContext } from "../../context.ts";
import type { Database, ExportJobsTable } from "../../db/schema.ts";
import { AppError } from "../../errors/app-error.ts";
import { writeAudit } from "../audit/audit.repo.ts";
import { queryCallLog, type CallLogContext, type CallLogFilter } from "../calls/call-log.service.ts";
import type { CallView } from "../calls/calls.repo.ts";
import { currentLicence } from "../licence/licence.service.ts";
import { systemTimeZone } from "../reports/report-subscriptions.service.ts";
import { translateReport } from "../reports/report-messages.ts";
import { CALL_LOG_TABLE, callLogHeaderLines, csvWriter, pdfWriter, xlsxWriter, type ExportTable, type ExportWriter, type PdfHeader } from "./export-writers.ts";
import { systemTreeExportRows, systemTreeTable, treeRows } from "./system-tree-export.ts";

/** docs/decisions/025-call-log-exports.md. */
export const EXPORT_FORMATS = ["CSV", "XLSX", "PDF"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export const EXPORT_STATES = ["new", "running", "done", "failed", "canceled", "interrupted"] as const;
export type ExportState = (typeof EXPORT_STATES)[number];
/**
 * spec data §3.1 "Export source: Calls, SystemTree": the call log for a filter, or the system tree
 * the user sees (docs/decisions/037-system-tree-export.md).
 */
export const EXPORT_SOURCES = ["Calls", "SystemTree"] as const;
export type ExportSource = (typeof EXPORT_SOURCES)[number];
/** The audit's entity type per source. */
const AUDIT_TYPES: Record<ExportSource, string> = { Calls: "callLogExport", SystemTree: "systemTreeExport" };

/**
 * Rows a file of the format may hold (the decision explains the numbers). Mutable only so tests can
 * lower it; nothing else writes it.
 */
export const EXPORT_MAX_ROWS: Record<ExportFormat, number> = { CSV: 1_000_000, XLSX: 500_000, PDF: 10_000 };
/** Calls read per page; the job yields to the event loop between pages. */
export const EXPORT_PAGE = 2_000;
/**
 * Jobs (new or running) a user may have at once, over all systems: each one holds a database
 * connection and a file while it runs, so one user cannot fill the server with exports. Mutable
 * only so tests can change it.
 */
export const EXPORT_LIMITS = { activePerUser: 2 };
const ACTIVE_STATES = ["new", "running"] as const;
/** States a job can be started again from (restartExport). */
const RESTARTABLE_STATES: readonly string[] = ["interrupted", "failed", "canceled"];
/** Files (and their jobs) older than this are deleted (a cleanup at start and daily). */
export const EXPORT_KEEP_MS = 31 * 24 * 3600_000;

export interface ExportJobView {
  id: number;
  source: string;
  format: string;
  state: string;
  /** Percent; null while unknown (more matches than the call log counts). */
  progress: number | null;
  row_count: number;
  error: string | null;
  created_at: string;
  finished_at: string | null;
  file_name: string | null;
}

type JobRow = Selectable<ExportJobsTable>;

const toView = (row: JobRow): ExportJobView => ({
  id: Number(row.id),
  source: row.source,
  format: row.format,
  state: row.state,
  progress: row.state === "done" ? 100 : row.progress < 0 ? null : row.progress,
  row_count: Number(row.row_count),
  error: row.error,
  created_at: new Date(Number(row.created_at)).toISOString(),
  finished_at: row.finished_at === null ? null : new Date(Number(row.finished_at)).toISOString(),
  file_name: row.file_name,
});

/** The folder of export files: DATA_DIR/exports. */
export const exportDir = (dataDir: string): string => join(dataDir, "exports");
const filePath = (dataDir: string, job: Pick<JobRow, "id" | "format">): string => join(exportDir(dataDir), `${job.id}.${job.format.toLowerCase()}`);

/** Running jobs of this process: cancel aborts them between pages. */
const running = new Map<number, AbortController>();

function paging(filter: CallLogFilter): CallLogFilter {
  // Paging is the job's; the rest is the user's filter as the screen sent it.
  const { offset: _offset, limit: _limit, with_total: _withTotal, ...rest } = filter;
  return rest;
}

/**
 * Whether the user may export (and see, download, cancel, restart the exports of) the source: the
 * call log's permission for Calls; for SystemTree what the tree asks, systemtree::use_module and
 * the management licence (superusers hold both).
 */
export async function maySource(ctx: RequestContext, source: string): Promise<boolean> {
  if (source === "SystemTree") return hasPermission(ctx.user, "systemtree::use_module") && isLicensed(await currentLicence(ctx), "management", ctx.user);
  return hasPermission(ctx.user, "calllog::use_module");
}

/** The sources the user may use. */
async function sourcesOf(ctx: RequestContext): Promise<ExportSource[]> {
  const allowed: ExportSource[] = [];
  for (const source of EXPORT_SOURCES) if (await maySource(ctx, source)) allowed.push(source);
  return allowed;
}

async function ownJob(ctx: RequestContext, id: number): Promise<JobRow> {
  const row = await ctx.db.kysely
    .selectFrom("export_jobs")
    .selectAll()
    .where("id", "=", id)
    .where("user_id", "=", ctx.user.id)
    .where("system_id", "=", ctx.systemId)
    .executeTakeFirst();
  // A job of a source the user no longer may use is not theirs to see.
  if (!row || !(await maySource(ctx, row.source))) throw new AppError("NOT_FOUND", `export ${id} not found`);
  return row;
}

/** Fails with VALIDATION one_option_required on source when it is not an export source. */
export function checkSource(source: string): ExportSource {
  if (!(EXPORT_SOURCES as readonly string[]).includes(source)) {
    throw new AppError("VALIDATION", `unknown export source (one of ${EXPORT_SOURCES.join(", ")})`, {
      fields: { source: [{ message: VALIDATION_KEYS.one_option_required, data: { field: "source" } }] },
    });
  }
  return source as ExportSource;
}

/** The caller's own export jobs, newest first: of one source when given, of those the user may use. */
export async function listExports(ctx: RequestContext, sourceName?: string | null): Promise<ExportJobView[]> {
  const allowed = await sourcesOf(ctx);
  const sources = sourceName == null ? allowed : allowed.filter((s) => s === checkSource(sourceName));
  if (sources.length === 0) return [];
  const rows = await ctx.db.kysely
    .selectFrom("export_jobs")
    .selectAll()
    .where("user_id", "=", ctx.user.id)
    .where("system_id", "=", ctx.systemId)
    .where("source", "in", sources)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(100)
    .execute();
  return rows.map(toView);
}

export async function exportJob(ctx: RequestContext, id: number): Promise<ExportJobView> {
  return toView(await ownJob(ctx, id));
}

/**
 * Fails with VALIDATION max_rows_exceeded when the filter matches more calls than the format holds:
 * one row read at the limit's offset, before the job starts (the job checks again as it writes).
 */
async function checkRowLimit(ctx: CallLogContext, systemId: number, filter: CallLogFilter, format: ExportFormat): Promise<void> {
  const max = EXPORT_MAX_ROWS[format];
  const probe = await queryCallLog(ctx, systemId, { ...filter, offset: max, limit: 1, with_total: false });
  if (probe.items.length > 0) throw tooManyRows(format);
}

const tooManyRows = (format: ExportFormat): AppError =>
  new AppError("VALIDATION", "max row count exceeded for the format", {
    fields: { format: [{ message: VALIDATION_KEYS.max_rows_exceeded, data: { field: "format", max: EXPORT_MAX_ROWS[format], format } }] },
  });

/** Fails with VALIDATION too_many_exports (on format) when the user already has the most jobs running. */
async function checkActiveCap(db: Kysely<Database>, userId: number): Promise<void> {
  const { n } = await db
    .selectFrom("export_jobs")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("user_id", "=", userId)
    .where("state", "in", ACTIVE_STATES)
    .executeTakeFirstOrThrow();
  if (Number(n) >= EXPORT_LIMITS.activePerUser) {
    throw new AppError("VALIDATION", "too many exports running for the user", {
      fields: { format: [{ message: VALIDATION_KEYS.too_many_exports, data: { field: "format", max: EXPORT_LIMITS.activePerUser } }] },
    });
  }
}

/** Audits a state change of a job the user asked for (cancel, restart). */
async function auditState(db: Kysely<Database>, ctx: RequestContext, job: JobRow, state: ExportState): Promise<void> {
  await writeAudit(db, {
    systemId: job.system_id,
    userId: ctx.user.id,
    now: ctx.now(),
    entityType: AUDIT_TYPES[job.source === "SystemTree" ? "SystemTree" : "Calls"],
    entityId: Number(job.id),
    entityDisplayName: job.format,
    action: "updated",
    changes: [{ field: "state", value_old: job.state, value_new: state }],
  });
}

function checkFormat(format: string): ExportFormat {
  if (!(EXPORT_FORMATS as readonly string[]).includes(format)) {
    throw new AppError("VALIDATION", "unknown export format", {
      fields: { format: [{ message: VALIDATION_KEYS.one_option_required, data: { field: "format" } }] },
    });
  }
  return format as ExportFormat;
}

/**
 * Starts an export of the source (startExport): the source is checked first (VALIDATION on
 * source), then the caller's right to it (MISSING_PERMISSION). The filter is the call log's.
 */
export async function startExport(ctx: RequestContext, sourceName: string, filter: CallLogFilter, formatName: string): Promise<ExportJobView> {
  const source = checkSource(sourceName);
  if (!(await maySource(ctx, source))) throw new AppError("MISSING_PERMISSION", "Access denied");
  return source === "SystemTree" ? startSystemTreeExport(ctx, formatName) : startCallLogExport(ctx, filter, formatName);
}

/** Starts an export of the call log for the filter; the caller holds calllog::use_module. Audited. */
export async function startCallLogExport(ctx: RequestContext, filter: CallLogFilter, formatName: string): Promise<ExportJobView> {
  const format = checkFormat(formatName);
  const stored = paging(filter);
  // Validates the filter (VALIDATION per field, as the call log) and the row limit.
  await checkRowLimit(ctx, ctx.systemId, stored, format);
  return insertJob(ctx, "Calls", format, stored);
}

/**
 * Starts an export of the system tree the caller sees (docs/decisions/037-system-tree-export.md);
 * the caller holds systemtree::use_module and the management licence. Audited.
 */
export async function startSystemTreeExport(ctx: RequestContext, formatName: string): Promise<ExportJobView> {
  const format = checkFormat(formatName);
  if ((await systemTreeExportRows(ctx, ctx.systemId)).length > EXPORT_MAX_ROWS[format]) throw tooManyRows(format);
  return insertJob(ctx, "SystemTree", format, {});
}

async function insertJob(ctx: RequestContext, source: ExportSource, format: ExportFormat, stored: CallLogFilter): Promise<ExportJobView> {
  const now = ctx.now();
  const row = await ctx.db.kysely.transaction().execute(async (trx) => {
    await checkActiveCap(trx, ctx.user.id);
    const job = await trx
      .insertInto("export_jobs")
      .values({
        system_id: ctx.systemId,
        user_id: ctx.user.id,
        format,
        source,
        state: "new",
        filter: JSON.stringify(stored),
        // The user's language (as their report e-mails), else the request's.
        locale: ctx.user.locale && LOCALE_SET.has(ctx.user.locale) ? ctx.user.locale : ctx.locale,
        created_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await writeAudit(trx, {
      systemId: ctx.systemId,
      userId: ctx.user.id,
      now,
      entityType: AUDIT_TYPES[source],
      entityId: Number(job.id),
      entityDisplayName: format,
      action: "created",
      changes: [
        { field: "format", value_old: null, value_new: format },
        ...(source === "Calls" ? [{ field: "filter", value_old: null, value_new: stored }] : [{ field: "source", value_old: null, value_new: source }]),
      ],
    });
    return job;
  });
  launch(ctx, row);
  return toView(row);
}

/** Runs an interrupted, failed or canceled job of the caller again with its stored filter. Audited. */
export async function restartExport(ctx: RequestContext, id: number): Promise<ExportJobView> {
  const job = await ownJob(ctx, id);
  if (!RESTARTABLE_STATES.includes(job.state)) {
    throw new AppError("VALIDATION", "only an interrupted, failed or canceled export can be restarted", {
      fields: { id: [{ message: VALIDATION_KEYS.one_option_required, data: { field: "id" } }] },
    });
  }
  const format = checkFormat(job.format);
  if (job.source === "SystemTree") {
    if ((await systemTreeExportRows(ctx, job.system_id)).length > EXPORT_MAX_ROWS[format]) throw tooManyRows(format);
  } else await checkRowLimit(ctx, job.system_id, JSON.parse(job.filter) as CallLogFilter, format);
  const updated = await ctx.db.kysely.transaction().execute(async (trx) => {
    await checkActiveCap(trx, ctx.user.id);
    const row = await trx
      .updateTable("export_jobs")
      .set({ state: "new", progress: 0, row_count: 0, error: null, finished_at: null, file_name: null })
      .where("id", "=", id)
      // A second click (or tab) that raced this one finds the job already new: NOT_FOUND, no second run.
      .where("state", "in", [...RESTARTABLE_STATES])
      .returningAll()
      .executeTakeFirst();
    if (!row) throw new AppError("NOT_FOUND", `export ${id} not restartable`);
    await auditState(trx, ctx, job, "new");
    return row;
  });
  launch(ctx, updated);
  return toView(updated);
}

/** Cancels a new, running or interrupted job of the caller; its partial file is removed. Audited. */
export async function cancelExport(ctx: RequestContext, id: number): Promise<ExportJobView> {
  const job = await ownJob(ctx, id);
  if (job.state === "new" || job.state === "running" || job.state === "interrupted") {
    running.get(id)?.abort();
    await ctx.db.kysely.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable("export_jobs")
        .set({ state: "canceled", finished_at: ctx.now() })
        .where("id", "=", id)
        .where("state", "in", ["new", "running", "interrupted"])
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) > 0) await auditState(trx, ctx, job, "canceled");
    });
    await rm(filePath(ctx.config.DATA_DIR, job), { force: true });
  }
  return toView(await ownJob(ctx, id));
}

/** The file of a finished job, for its creator only (null: not found, not theirs or not done). */
export async function exportFile(ctx: RequestContext, id: number): Promise<{ path: string; fileName: string; format: string } | null> {
  const job = await ctx.db.kysely.selectFrom("export_jobs").selectAll().where("id", "=", id).where("user_id", "=", ctx.user.id).executeTakeFirst();
  // A link opened in a new tab carries no system header: the job names its system, which the user must still reach.
  if (!job || job.state !== "done" || !job.file_name || !canAccessSystem(ctx.user, job.system_id)) return null;
  // The source's right as when it started (the call log's, or the tree's with its licence).
  if (!(await maySource(ctx, job.source))) return null;
  const path = filePath(ctx.config.DATA_DIR, job);
  // A file removed behind the job's back (by hand, a restored backup) is not found, never a 500.
  if (!(await stat(path).catch(() => null))) return null;
  return { path, fileName: job.file_name, format: job.format };
}

/** Jobs that were running when the process stopped are `interrupted` (called at start). */
export async function markInterruptedExports(db: Kysely<Database>, now: number): Promise<number> {
  const result = await db
    .updateTable("export_jobs")
    .set({ state: "interrupted", finished_at: now })
    .where("state", "in", ["new", "running"])
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Deletes jobs and files older than a month, and files no job knows. */
export async function cleanupExports(db: Kysely<Database>, dataDir: string, now: number): Promise<void> {
  const cutoff = now - EXPORT_KEEP_MS;
  await db.deleteFrom("export_jobs").where("created_at", "<", cutoff).execute();
  const dir = exportDir(dataDir);
  const names = await readdir(dir).catch(() => [] as string[]);
  const known = new Set((await db.selectFrom("export_jobs").select(["id", "format"]).execute()).map((j) => `${j.id}.${j.format.toLowerCase()}`));
  for (const name of names) {
    const path = join(dir, name);
    const old = (await stat(path)).mtimeMs < cutoff;
    if (old || !known.has(name)) await rm(path, { force: true });
  }
}

/** Cleans up now and then daily (main marks interrupted jobs before it listens). Returns the stop function. */
export function startExportHousekeeping(db: Kysely<Database>, dataDir: string, now: () => number, log: { error(o: unknown, m: string): void }): () => void {
  const run = (): void => void cleanupExports(db, dataDir, now()).catch((error: unknown) => log.error(error, "export cleanup failed"));
  run();
  const timer = setInterval(run, 24 * 3600_000);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * Starts the job in the background; the promise is kept for tests (`exportsSettled`). A canceled
 * run stops only at its next page and then removes its file: a restart right after the cancel
 * waits for it, so the old run cannot remove the new run's file (both write the job's path).
 */
function launch(ctx: RequestContext, job: JobRow): void {
  const id = Number(job.id);
  const controller = new AbortController();
  running.set(id, controller);
  const previous = runs.get(id);
  const done: Promise<void> = (previous ?? Promise.resolve())
    .then(() => (controller.signal.aborted ? undefined : runJob(ctx, job, controller.signal)))
    .catch(async (error: unknown) => {
      await ctx.db.kysely
        .updateTable("export_jobs")
        .set({
          state: "failed",
          error: error instanceof AppError && error.code === "VALIDATION" ? VALIDATION_KEYS.max_rows_exceeded : "export failed",
          finished_at: ctx.now(),
        })
        .where("id", "=", id)
        .where("state", "in", ["new", "running"])
        .execute();
      await rm(filePath(ctx.config.DATA_DIR, job), { force: true });
    })
    .finally(() => {
      // Only this run's entries: a restart may have put its own there meanwhile.
      if (running.get(id) === controller) running.delete(id);
      if (runs.get(id) === done) runs.delete(id);
      pending.delete(done);
    });
  runs.set(id, done);
  pending.add(done);
}

/** The run of each job in this process (a restart chains after a canceled run still stopping). */
const runs = new Map<number, Promise<void>>();
const pending = new Set<Promise<void>>();
/** Waits until every job of this process has ended (tests; shutdown). */
export async function exportsSettled(): Promise<void> {
  while (pending.size > 0) await Promise.all([...pending]);
}

const LOCALE_SET: ReadonlySet<string> = new Set(LOCALES);

async function runJob(ctx: RequestContext, job: JobRow, signal: AbortSignal): Promise<void> {
  if (job.source === "SystemTree") return runSystemTreeJob(ctx, job, signal);
  const db = ctx.db.kysely;
  const id = Number(job.id);
  const format = checkFormat(job.format);
  const locale = jobLocale(job);
  const filter = JSON.parse(job.filter) as CallLogFilter;
  const max = EXPORT_MAX_ROWS[format];
  await db.updateTable("export_jobs").set({ state: "running", progress: 0 }).where("id", "=", id).where("state", "=", "new").execute();
  await mkdir(exportDir(ctx.config.DATA_DIR), { recursive: true });
  const path = filePath(ctx.config.DATA_DIR, job);
  let writer: ExportWriter<CallView> | null = null;
  let rows = 0;
  let total: number | null = null;
  let after: { openedAt: number; id: number } | null = null;
  try {
    for (let offset = 0; ; offset += EXPORT_PAGE) {
      if (signal.aborted) break;
      // Sorted by opening (the default), the next page starts after the last call read (keyset
      // paging: a deep offset is read and thrown away row by row); other sorts page by offset.
      const page = await queryCallLog(
        ctx,
        job.system_id,
        { ...filter, offset: after ? 0 : offset, limit: EXPORT_PAGE, with_total: offset === 0 },
        { maxLimit: EXPORT_PAGE, after },
      );
      const last = page.items.at(-1);
      after = last && (filter.sort ?? "OPENED_AT") === "OPENED_AT" ? { openedAt: Date.parse(last.opened_at), id: Number(last.id) } : null;
      if (offset === 0) total = page.total_capped ? null : page.total;
      // The file opens with the first page: it tells the system's time zone.
      writer ??= await openWriter(
        format,
        {
          path,
          locale,
          timeZone: page.time_zone,
          header: { lines: callLogHeaderLines(page, { ...filter }, locale, page.time_zone), created: Number(job.created_at) },
        },
        CALL_LOG_TABLE,
      );
      if (rows + page.items.length > max) throw tooManyRows(format);
      await writer.rows(page.items);
      rows += page.items.length;
      const progress = total === null ? -1 : total === 0 ? 100 : Math.min(99, Math.floor((rows * 100) / total));
      await db.updateTable("export_jobs").set({ progress, row_count: rows }).where("id", "=", id).where("state", "=", "running").execute();
      if (page.items.length < EXPORT_PAGE) break;
      // Other requests get their turn between pages: the export never holds the event loop.
      await yieldToLoop();
    }
  } finally {
    await writer?.close();
  }
  if (signal.aborted) {
    await rm(path, { force: true });
    return;
  }
  await finishJob(ctx, id, `${exportFileStem(locale)}-${id}.${format.toLowerCase()}`, rows);
}

const jobLocale = (job: JobRow): Locale => (LOCALE_SET.has(job.locale) ? (job.locale as Locale) : "de");

async function finishJob(ctx: RequestContext, id: number, fileName: string, rows: number): Promise<void> {
  await ctx.db.kysely
    .updateTable("export_jobs")
    .set({ state: "done", progress: 100, row_count: rows, file_name: fileName, finished_at: ctx.now() })
    .where("id", "=", id)
    .where("state", "=", "running")
    .execute();
}

const exportFileStem = (locale: Locale): string => ({ de: "rufprotokoll", en: "call-log", fr: "journal-appels", it: "registro-chiamate" })[locale];

function openWriter<T>(format: ExportFormat, options: Parameters<typeof pdfWriter>[0], table: ExportTable<T>): Promise<ExportWriter<T>> {
  if (format === "CSV") return csvWriter(options, table);
  if (format === "XLSX") return xlsxWriter(options, table);
  return pdfWriter(options, table);
}

/**
 * A system tree export: the nodes the user sees, read once (the tree is read whole, as the tree
 * screen reads it), written in slices with the progress after each.
 */
async function runSystemTreeJob(ctx: RequestContext, job: JobRow, signal: AbortSignal): Promise<void> {
  const db = ctx.db.kysely;
  const id = Number(job.id);
  const format = checkFormat(job.format);
  const locale = jobLocale(job);
  await db.updateTable("export_jobs").set({ state: "running", progress: 0 }).where("id", "=", id).where("state", "=", "new").execute();
  await mkdir(exportDir(ctx.config.DATA_DIR), { recursive: true });
  const path = filePath(ctx.config.DATA_DIR, job);
  const ordered = await systemTreeExportRows(ctx, job.system_id);
  if (ordered.length > EXPORT_MAX_ROWS[format]) throw tooManyRows(format);
  const [rows, timeZone, system] = await Promise.all([
    treeRows(ctx, job.system_id, ordered, locale),
    systemTimeZone(db, job.system_id),
    db.selectFrom("systems").select("name").where("id", "=", job.system_id).executeTakeFirst(),
  ]);
  const header: PdfHeader = {
    lines: [translateReport("tree.system", locale, { system: system?.name ?? "" }), translateReport("tree.scope", locale, { user: ctx.user.username })],
    created: Number(job.created_at),
  };
  const writer = await openWriter(format, { path, locale, timeZone, header }, systemTreeTable(locale));
  let written = 0;
  try {
    for (let offset = 0; offset < rows.length; offset += EXPORT_PAGE) {
      if (signal.aborted) break;
      const page = rows.slice(offset, offset + EXPORT_PAGE);
      await writer.rows(page);
      written += page.length;
      const progress = Math.min(99, Math.floor((written * 100) / rows.length));
      await db.updateTable("export_jobs").set({ progress, row_count: written }).where("id", "=", id).where("state", "=", "running").execute();
      await yieldToLoop();
    }
  } finally {
    await writer.close();
  }
  if (signal.aborted) {
    await rm(path, { force: true });
    return;
  }
  await finishJob(ctx, id, `${translateReport("tree.file", locale)}-${id}.${format.toLowerCase()}`, written);
}
