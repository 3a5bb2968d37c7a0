import { rm } from "node:fs/promises";
import { join } from "node:path";
import {
  cleanupConfirmed,
  cleanupInputSchema,
  cleanupScopeSchema,
  fieldErrors,
  seesAllSystems,
  SYSTEM_OPS_VALIDATION,
  type CleanupCounts,
  type CleanupScope,
} from "@caresuite/domain";
import type { Kysely } from "kysely";
import type { RequestContext } from "../../context.ts";
import type { Database } from "../../db/schema.ts";
import { AppError } from "../../errors/app-error.ts";
import { writeAudit } from "../audit/audit.repo.ts";
import { resetAnalyticsRollup } from "../analytics/analytics-rollup.ts";
import { exportDir } from "../exports/exports.service.ts";

/**
 * The cleanup of /admin/maintenance (spec data §5 "Cleanup requires typing a confirmation
 * phrase"; docs/decisions/044-cleanup-logs-maintenance.md): the call log, the audit and the
 * exports older than a date, across the site. A dry run counts; the real run needs the phrase of
 * the request's language typed exactly, deletes in one transaction and writes the audit entry
 * `cleanup` with its counts. Open calls are never deleted; nor are running exports.
 */
const invalid = (field: string, message: string): AppError =>
  new AppError("VALIDATION", "Validation failed", { fields: { [field]: [{ message, data: { field } }] } });

/** Site-wide: only who sees every system may clean up (the records of other systems go too). */
function assertSiteWide(ctx: RequestContext): void {
  if (!seesAllSystems(ctx.user)) throw new AppError("MISSING_PERMISSION", "Access denied");
}

function parseScope(ctx: RequestContext, raw: unknown): CleanupScope {
  const parsed = cleanupScopeSchema.safeParse(raw);
  if (!parsed.success) throw new AppError("VALIDATION", "Validation failed", { fields: fieldErrors(parsed.error) });
  if (parsed.data.before > ctx.now()) throw invalid("before", SYSTEM_OPS_VALIDATION.cleanup_future);
  return parsed.data;
}

const closedCallsBefore = (db: Kysely<Database>, before: number) =>
  db.selectFrom("calls").where("closed_at", "is not", null).where("closed_at", "<", before).where("opened_at", "<", before);
const auditBefore = (db: Kysely<Database>, before: number) => db.selectFrom("audit_logs").where("created_at", "<", before);
/** Finished (or stopped) exports: one that is queued or running is never pulled from under its writer. */
const exportsBefore = (db: Kysely<Database>, before: number) =>
  db.selectFrom("export_jobs").where("created_at", "<", before).where("state", "not in", ["new", "running"]);

async function countsOf(db: Kysely<Database>, scope: CleanupScope): Promise<CleanupCounts> {
  const n = (row: { n: string | number | bigint } | undefined): number => Number(row?.n ?? 0);
  return {
    calls: scope.calls
      ? n(
          await closedCallsBefore(db, scope.before)
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .executeTakeFirst(),
        )
      : 0,
    audit_logs: scope.audit
      ? n(
          await auditBefore(db, scope.before)
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .executeTakeFirst(),
        )
      : 0,
    exports: scope.exports
      ? n(
          await exportsBefore(db, scope.before)
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .executeTakeFirst(),
        )
      : 0,
  };
}

/** The dry run: what a cleanup with this scope would delete now. */
export async function cleanupPreview(ctx: RequestContext, raw: unknown): Promise<CleanupCounts> {
  assertSiteWide(ctx);
  return countsOf(ctx.db.kysely, parseScope(ctx, raw));
}

/** The cleanup: the phrase first (mistyped: nothing deleted), then one transaction, then the export files. */
export async function runCleanup(ctx: RequestContext, raw: unknown): Promise<CleanupCounts> {
  assertSiteWide(ctx);
  const parsed = cleanupInputSchema.safeParse(raw);
  if (!parsed.success) throw new AppError("VALIDATION", "Validation failed", { fields: fieldErrors(parsed.error) });
  const { confirmation, ...rest } = parsed.data;
  const scope = parseScope(ctx, rest);
  if (!cleanupConfirmed(confirmation, ctx.locale)) throw invalid("confirmation", SYSTEM_OPS_VALIDATION.cleanup_phrase);
  const now = ctx.now();
  const { counts, files } = await ctx.db.kysely.transaction().execute(async (trx) => {
    const files: string[] = [];
    const counts: CleanupCounts = { calls: 0, audit_logs: 0, exports: 0 };
    if (scope.calls) {
      const result = await trx
        .deleteFrom("calls")
        .where("closed_at", "is not", null)
        .where("closed_at", "<", scope.before)
        .where("opened_at", "<", scope.before)
        .executeTakeFirst();
      counts.calls = Number(result.numDeletedRows);
      // The rollup still counts the deleted calls: it starts over with the deletion (docs/decisions/034).
      if (counts.calls > 0) await resetAnalyticsRollup(trx);
    }
    if (scope.audit) {
      await trx.deleteFrom("audit_log_changes").where("audit_log_id", "in", auditBefore(trx, scope.before).select("id")).execute();
      const result = await trx.deleteFrom("audit_logs").where("created_at", "<", scope.before).executeTakeFirst();
      counts.audit_logs = Number(result.numDeletedRows);
    }
    if (scope.exports) {
      const jobs = await exportsBefore(trx, scope.before).select(["id", "format"]).execute();
      // The same condition, not an id list: a list of thousands would pass the databases' parameter limits.
      await trx.deleteFrom("export_jobs").where("created_at", "<", scope.before).where("state", "not in", ["new", "running"]).execute();
      counts.exports = jobs.length;
      files.push(...jobs.map((j) => join(exportDir(ctx.config.DATA_DIR), `${j.id}.${j.format.toLowerCase()}`)));
    }
    // After the audit's own deletion: the entry of this cleanup stays.
    await writeAudit(trx, {
      systemId: null,
      userId: ctx.user.id,
      now,
      entityType: "cleanup",
      entityId: null,
      action: "cleanup",
      meta: { before: scope.before, ...counts },
    });
    return { counts, files };
  });
  for (const file of files) await rm(file, { force: true });
  return counts;
}
